import {
  TREND_RULES,
  addToPeriod,
  emptyPeriod,
  evaluateNelson,
  nelsonRule1,
  periodStartOf,
  resultColour,
  type NelsonRule,
} from '@vigil/domain';
import type { EngineReading, Evaluation } from './evaluation.ts';
import { NELSON_RULE_TEXT as RULES, nelsonReason } from './nelson-wording.ts';
import { currentMemory, type SeriesMemory } from './series-memory.ts';
import {
  ABNORMALITY_REASONS,
  abnormalityContext,
  abnormalityOf,
  executionLog,
  trendContext,
  type StatisticsPoint,
} from './statistics-context.ts';
import {
  closeInto,
  newestClosed,
  spikeSigmas,
  statisticsMemory,
  watchedKey,
  watchedMetrics,
} from './statistics-windows.ts';
import type { StatisticsWindows, WatchedMetric, Window } from './statistics-windows.ts';

/**
 * A trend episode of a series lasts from a trend rule's firing until this many periods in a row fire
 * none (ADR 0011): neighbouring periods are correlated, so trend rules fire in bursts; each rule
 * raises trend_state_trending once an episode, and the series counts as trending throughout it.
 */
export const TREND_QUIET_POINTS = 10;
/** The means shown beside a reading by its abnormality events: with it, as many as rule 4 examines. */
const MEANS_BESIDE_READING = 13;

const trendRulesOf = (fired: readonly NelsonRule[]) => fired.filter((rule) => TREND_RULES.includes(rule));
/** Rules 2–8 at a mean: rule 1 is for readings (ADR 0023). */
const periodRulesOf = (fired: readonly NelsonRule[]) => fired.filter((rule) => rule !== 1);

type Memory = Record<string, SeriesMemory>;
type PointBase = Pick<StatisticsPoint, 'series' | 'dataPointId' | 'metric' | 'label' | 'readAt'>;

/**
 * Abnormality and trend (requirements#monitoring-entities, #monitoring-states, ADR 0023) of each watched (limited) raw
 * and calculated
 * metric. Every reading is added to its period and checked against the baseline of the series'
 * closed periods (Nelson's rule 1: a spike raises out-of-control at once). When a reading of a later
 * period arrives, the open period closes and its mean is evaluated against the window of means
 * (rules 2–8): rule 4 makes the series abnormal, the others start or renew a trend episode. The
 * entity is as abnormal as its worst series and trending while any series is in an episode.
 */
export function evaluateStatistics(ev: Evaluation, reading: EngineReading, windows: StatisticsWindows): void {
  const memory = statisticsMemory(ev);
  for (const watched of watchedMetrics(ev.entity)) {
    const value = reading.metrics[watched.group]?.[watched.metric];
    if (value === undefined || !Number.isFinite(value)) continue;
    const key = watchedKey(reading.dataPointId, watched);
    const window = windows.get(ev.entity.id, key);
    if (!window) continue;
    const known = (memory[key] = currentMemory(memory[key]) ?? startOf(window));
    const start = periodStartOf(reading.t, watched.periodMs);
    if (reading.t <= known.t || start < known.open.start) {
      // a late reading counts in its period while that is open; the rules look at the newest only
      if (start === known.open.start) addToPeriod(known.open, value);
      continue;
    }
    known.t = reading.t;
    let closed: StatisticsPoint | null = null;
    if (start > known.open.start) {
      known.spike = false; // a spike holds the series out of control until its period closes
      if (known.open.n) closed = closePeriod(ev, baseOf(ev, reading, key, watched), watched, window, memory, known);
      known.open = emptyPeriod(start);
    }
    addToPeriod(known.open, value);
    // the reading is described (an object per reading) only for an event
    const rule1 = checkReading(ev, reading, key, watched, value, window, known);
    if ((rule1 === null && !closed) || !abnormalityChanges(ev, memory)) continue;
    const described = rule1 === null ? closed! : readingPoint(ev, reading, key, watched, value, rule1, window, known);
    updateAbnormality(ev, described, memory);
  }
}

const baseOf = (ev: Evaluation, reading: EngineReading, series: string, watched: WatchedMetric): PointBase => ({
  series,
  dataPointId: reading.dataPointId,
  metric: watched.key,
  label: ev.entity.labels.get(watched.metric) ?? watched.metric,
  readAt: reading.readAt,
});

/**
 * A series met with no memory of it (a back-filled history never evaluated, as the demo's, or a
 * memory lost): what the rules find on its stored periods is its state, not onsets, so that the
 * first period closed raises only what it starts (ADR 0011, "Trend episodes").
 */
function startOf(window: Window): SeriesMemory {
  const open = window.open ?? emptyPeriod(0);
  window.open = undefined;
  // the stored values' newest period as if closed: the first close evaluates it again, as no onset
  const result = evaluateNelson(open.n ? [...window.means, open.mean] : window.means);
  const fired = result.evaluated ? periodRulesOf(result.fired) : null;
  const trend = trendRulesOf(fired ?? []);
  const episode = trend.length ? { rules: [...trend].sort(), quiet: 0 } : null;
  return { t: 0, open: { ...open }, closed: newestClosed(window), fired, spike: false, episode };
}

/** A reading as events describe it: against the baseline of its series' closed periods (rule 1). */
function readingPoint(
  ev: Evaluation,
  reading: EngineReading,
  series: string,
  watched: WatchedMetric,
  value: number,
  rule1: boolean,
  window: Window,
  known: SeriesMemory,
): StatisticsPoint {
  return {
    ...baseOf(ev, reading, series, watched),
    value,
    values: [...window.means.slice(-MEANS_BESIDE_READING), value],
    stats: window.baseline,
    fired: rule1 ? [1] : [],
    rule4: { result: known.fired?.includes(4) ?? false, means: window.means },
    period: null,
  };
}

/**
 * Rule 1 at a reading against its series' baseline: the first spike of a period raises out-of-control
 * at once, and the series stays out of control until the period closes (ADR 0023: one onset a
 * period, not one per reading beyond 3σ, and no chattering between red and green). Returns whether
 * the reading is beyond 3σ, null without a baseline.
 */
function checkReading(
  ev: Evaluation,
  reading: EngineReading,
  series: string,
  watched: WatchedMetric,
  value: number,
  window: Window,
  known: SeriesMemory,
): boolean | null {
  const rule1 = nelsonRule1(value, window.baseline, spikeSigmas(window, known.open));
  if (rule1 === null) return null;
  if (rule1 && !known.spike) {
    known.spike = true;
    const context = abnormalityContext(
      readingPoint(ev, reading, series, watched, value, true, window, known),
      'out_of_control',
    );
    const at = reading.readAt;
    ev.occurrence({ type: 'abnormality_state_out_of_control', subject: series, at, colour: 'red', context });
  }
  return rule1;
}

/**
 * Closes the open period, at the reading of a later one: its mean joins the window and rules 2–8 are
 * evaluated there. Returns the mean as events describe it, null when the window makes no baseline.
 */
function closePeriod(
  ev: Evaluation,
  base: PointBase,
  watched: WatchedMetric,
  window: Window,
  memory: Memory,
  known: SeriesMemory,
): StatisticsPoint | null {
  const period = known.open;
  closeInto(window, period);
  known.closed = period.start;
  const result = evaluateNelson(window.means);
  const fired = result.evaluated ? periodRulesOf(result.fired) : null;
  const before = known.episode;
  known.fired = fired;
  known.episode = nextEpisode(before, fired);
  if (!fired) return null;
  const point: StatisticsPoint = {
    ...base,
    value: period.mean,
    values: window.means,
    stats: { mean: result.mean, stddev: result.stddev, count: window.means.length - 1 },
    fired,
    rule4: { result: fired.includes(4), means: window.means },
    period: { start: new Date(period.start).toISOString(), seconds: watched.periodMs / 1000, readings: period.n },
  };
  for (const rule of trendRulesOf(fired)) {
    if (before?.rules.includes(rule)) continue;
    ev.occurrence({
      type: 'trend_state_trending',
      subject: `${base.series}:${rule}`,
      at: point.readAt,
      colour: 'yellow',
      context: trendContext(point, rule, true),
    });
  }
  updateTrend(ev, point, memory);
  return point;
}

/** The episode after a closed period: started or renewed by a trend rule, ended after TREND_QUIET_POINTS quiet periods. */
function nextEpisode(episode: SeriesMemory['episode'], fired: NelsonRule[] | null): SeriesMemory['episode'] {
  if (!fired) return episode ?? null;
  const trend = trendRulesOf(fired);
  if (trend.length) return { rules: [...new Set([...(episode?.rules ?? []), ...trend])].sort(), quiet: 0 };
  if (!episode) return null;
  return episode.quiet + 1 >= TREND_QUIET_POINTS ? null : { ...episode, quiet: episode.quiet + 1 };
}

/** The worst abnormality of the entity's series. */
function worstAbnormality(memory: Memory) {
  let worst = abnormalityOf({ spike: false, fired: null });
  for (const key in memory) {
    const a = abnormalityOf(memory[key]!);
    if (a === 'out_of_control') return a;
    if (a === 'abnormal') worst = a;
  }
  return worst;
}

/** Whether the entity's abnormality is not yet the worst of its series'. */
const abnormalityChanges = (ev: Evaluation, memory: Memory) =>
  ev.entity.states.abnormality_state !== resultColour('abnormality_state', worstAbnormality(memory));

/** Moves the entity's abnormality to the worst of its series', described by the point `p`. */
function updateAbnormality(ev: Evaluation, p: StatisticsPoint, memory: Memory) {
  const worst = worstAbnormality(memory);
  ev.changeState({
    state: 'abnormality_state',
    to: resultColour('abnormality_state', worst),
    at: p.readAt,
    event: { type: 'abnormality_state_changed', subject: 'abnormality', context: abnormalityContext(p, worst) },
    execution: {
      ruleType: 'abnormality_state',
      ruleName: 'Nelson rules 1 and 4',
      rule: `rule 1 (out of control, each reading): ${RULES[1]}; rule 4 (abnormal, period means): ${RULES[4]}`,
      executionLog: executionLog(p, memory, abnormalityOf),
      result: worst,
      reason: ABNORMALITY_REASONS[worst],
    },
  });
}

function updateTrend(ev: Evaluation, p: StatisticsPoint, memory: Memory) {
  let trending = false;
  for (const key in memory) if (memory[key]!.episode) trending = true;
  const colour = resultColour('trend_state', trending ? 'trending' : 'steady');
  if (ev.entity.states.trend_state === colour) return;
  const rule = trendRulesOf(p.fired)[0] ?? null;
  ev.changeState({
    state: 'trend_state',
    to: colour,
    at: p.readAt,
    event: { type: 'trend_state_changed', subject: 'trend', context: trendContext(p, rule, trending) },
    execution: {
      ruleType: 'trend_state',
      ruleName: 'Nelson rules 2, 3, 5, 6, 7 and 8',
      rule: TREND_RULES.map((r) => `rule ${r}: ${RULES[r]}`).join('; ') + ' (period means)',
      executionLog: executionLog(p, memory, (m) => (trendRulesOf(m.fired ?? []).length ? 'trending' : 'steady')),
      result: trending ? 'trending' : 'steady',
      reason: rule ? nelsonReason(rule) : 'No trend rule fires',
    },
  });
}

import { TREND_RULES, evaluateNelson, nelsonValuesOf, resultColour } from '@vigil/domain';
import type { NelsonResult, NelsonRule } from '@vigil/domain';
import type { EngineReading, Evaluation } from './evaluation.ts';
import { NELSON_RULE_TEXT as RULES, nelsonReason } from './nelson-wording.ts';
import { addPoint, statisticsMemory, watchedKey, watchedMetrics } from './statistics-windows.ts';
import type { SeriesMemory, StatisticsWindows } from './statistics-windows.ts';

type Abnormality = 'normal' | 'abnormal' | 'out_of_control';
const REASONS: Record<Abnormality, string> = {
  out_of_control: nelsonReason(1),
  abnormal: nelsonReason(4),
  normal: 'Neither Nelson rule 1 nor rule 4 fires',
};
/** The trend values of abnormality events: as many as rule 4 examines. */
const TREND_VALUES = 14;
/**
 * A trend episode of a series lasts from a trend rule's firing until this many points in a row fire
 * none (ADR 0011): readings close in time are correlated, so trend rules fire in bursts; each rule
 * raises trend_state_trending once an episode, and the series counts as trending throughout it.
 */
export const TREND_QUIET_POINTS = 10;

const abnormalityOf = (fired: readonly NelsonRule[]): Abnormality =>
  fired.includes(1) ? 'out_of_control' : fired.includes(4) ? 'abnormal' : 'normal';
const trendRulesOf = (fired: readonly NelsonRule[]) => fired.filter((rule) => TREND_RULES.includes(rule));

/** One metric's newest point, as the events describe it. */
interface MetricPoint {
  /** the series key (with its data point): what tells one onset from another */
  series: string;
  dataPointId: string;
  metric: string;
  label: string;
  value: number;
  values: number[];
  result: NelsonResult;
  readAt: string;
}

/**
 * Abnormality and trend (spec 001 §3–§4): each watched (limited) raw and calculated metric's newest value
 * against its rolling window (Nelson rules, @vigil/domain nelson.ts). Per metric the memory keeps the
 * rules that fired at its newest point; the entity is as abnormal as its worst metric (rule 1 out of
 * control, rule 4 abnormal) and trending while any metric fires a trend rule. The onset of rule 1 and
 * of each trend rule at a metric raises an event of its own.
 */
export function evaluateStatistics(ev: Evaluation, reading: EngineReading, windows: StatisticsWindows): void {
  const memory = statisticsMemory(ev);
  const { t } = reading;
  for (const watched of watchedMetrics(ev.entity)) {
    const { group, metric: name } = watched;
    const value = reading.metrics[group]?.[name];
    if (value === undefined) continue;
    const key = watchedKey(reading.dataPointId, watched);
    const window = windows.get(ev.entity.id, key);
    if (!Number.isFinite(value) || !window) continue;
    const known = memory[key] ?? stateBefore(window.values);
    if (!addPoint(window, t, value)) continue;
    const { values } = window;
    const result = evaluateNelson(values);
    const previous = known?.fired ?? [];
    const before = known?.episode ?? null;
    memory[key] = { t, fired: result.evaluated ? result.fired : null, episode: nextEpisode(before, result) };
    if (!result.evaluated) continue;
    const label = ev.entity.labels.get(name) ?? name;
    const { dataPointId, readAt } = reading;
    const point = { series: key, dataPointId, metric: watched.key, label, value, values, result, readAt };
    raiseOnsets(ev, point, previous, before);
    updateAbnormality(ev, point, memory);
    updateTrend(ev, point, memory);
  }
}

/**
 * What the rules found on a window no evaluation has remembered: stored values never evaluated (a
 * back-filled history) or a memory lost. The rules already firing there are the series' state, not
 * onsets: the first reading evaluated raises only what it starts (ADR 0011, "Trend episodes").
 */
function stateBefore(values: readonly number[]): Pick<SeriesMemory, 'fired' | 'episode'> | undefined {
  const result = evaluateNelson(values);
  if (!result.evaluated) return undefined;
  const trend = trendRulesOf(result.fired);
  return { fired: result.fired, episode: trend.length ? { rules: [...trend].sort(), quiet: 0 } : null };
}

/** The episode after this point: started or renewed by a trend rule, ended after TREND_QUIET_POINTS quiet points. */
function nextEpisode(episode: SeriesMemory['episode'], result: NelsonResult): SeriesMemory['episode'] {
  if (!result.evaluated) return episode ?? null;
  const fired = trendRulesOf(result.fired);
  if (fired.length) return { rules: [...new Set([...(episode?.rules ?? []), ...fired])].sort(), quiet: 0 };
  if (!episode) return null;
  return episode.quiet + 1 >= TREND_QUIET_POINTS ? null : { ...episode, quiet: episode.quiet + 1 };
}

function raiseOnsets(
  ev: Evaluation,
  p: MetricPoint,
  previous: readonly NelsonRule[],
  episode: SeriesMemory['episode'],
) {
  const at = p.readAt;
  if (p.result.fired.includes(1) && !previous.includes(1)) {
    const context = abnormalityContext(p, 'out_of_control');
    ev.occurrence({ type: 'abnormality_state_out_of_control', subject: p.series, at, colour: 'red', context });
  }
  for (const rule of trendRulesOf(p.result.fired)) {
    if (episode?.rules.includes(rule)) continue;
    const context = trendContext(p, rule, true);
    ev.occurrence({ type: 'trend_state_trending', subject: `${p.series}:${rule}`, at, colour: 'yellow', context });
  }
}

const pointContext = (p: MetricPoint) => ({
  metric: p.metric,
  metric_label: p.label,
  metric_value: p.value,
  data_point_id: p.dataPointId || null,
  read_at: p.readAt,
});

function abnormalityContext(p: MetricPoint, result: Abnormality) {
  return {
    ...pointContext(p),
    abnormality_state: resultColour('abnormality_state', result),
    abnormality_reason: REASONS[result],
    nelson_rule_1: p.result.rule1,
    nelson_rule_4: p.result.rule4,
    metric_values: p.values.slice(-TREND_VALUES),
  };
}

function trendContext(p: MetricPoint, rule: NelsonRule | null, trending: boolean) {
  return {
    ...pointContext(p),
    metric_values: rule ? nelsonValuesOf(rule, p.values) : p.values.slice(-TREND_VALUES),
    nelson_rule_number: rule,
    trend_state: resultColour('trend_state', trending ? 'trending' : 'steady'),
  };
}

/** The metrics evaluated at their newest point, with the rules that fired there. */
const evaluated = (memory: Record<string, SeriesMemory>) =>
  Object.entries(memory).flatMap(([key, m]) => (m.fired ? [[key, m.fired] as const] : []));
/** Every rule firing at some metric's newest point: the entity's state is the worst of its metrics'. */
function firedAnywhere(memory: Record<string, SeriesMemory>): NelsonRule[] {
  const all: NelsonRule[] = [];
  for (const key in memory) all.push(...(memory[key]!.fired ?? []));
  return all;
}
/** Whether some metric of the entity is in a trend episode. */
function inEpisode(memory: Record<string, SeriesMemory>): boolean {
  for (const key in memory) if (memory[key]!.episode) return true;
  return false;
}

/** The point's statistics and every evaluated metric's result, for an execution log. */
function executionLog(p: MetricPoint, memory: Record<string, SeriesMemory>, describe: (f: NelsonRule[]) => string) {
  const { mean, stddev, fired } = p.result;
  return [
    `${p.metric} = ${p.value}: mean ${mean}, standard deviation ${stddev} over ${p.values.length - 1} values; ` +
      `rules fired: ${fired.join(', ') || 'none'}`,
    ...evaluated(memory).map(([key, fired]) => `${key}: ${describe(fired)}`),
  ];
}

function updateAbnormality(ev: Evaluation, p: MetricPoint, memory: Record<string, SeriesMemory>) {
  const worst = abnormalityOf(firedAnywhere(memory));
  const colour = resultColour('abnormality_state', worst);
  if (ev.entity.states.abnormality_state === colour) return;
  ev.changeState({
    state: 'abnormality_state',
    to: colour,
    at: p.readAt,
    event: { type: 'abnormality_state_changed', subject: 'abnormality', context: abnormalityContext(p, worst) },
    execution: {
      ruleType: 'abnormality_state',
      ruleName: 'Nelson rules 1 and 4',
      rule: `rule 1 (out of control): ${RULES[1]}; rule 4 (abnormal): ${RULES[4]}`,
      executionLog: executionLog(p, memory, (fired) => abnormalityOf(fired)),
      result: worst,
      reason: REASONS[worst],
    },
  });
}

function updateTrend(ev: Evaluation, p: MetricPoint, memory: Record<string, SeriesMemory>) {
  const trending = inEpisode(memory);
  const colour = resultColour('trend_state', trending ? 'trending' : 'steady');
  if (ev.entity.states.trend_state === colour) return;
  const rule = trendRulesOf(p.result.fired)[0] ?? null;
  ev.changeState({
    state: 'trend_state',
    to: colour,
    at: p.readAt,
    event: { type: 'trend_state_changed', subject: 'trend', context: trendContext(p, rule, trending) },
    execution: {
      ruleType: 'trend_state',
      ruleName: 'Nelson rules 2, 3, 5, 6, 7 and 8',
      rule: TREND_RULES.map((r) => `rule ${r}: ${RULES[r]}`).join('; '),
      executionLog: executionLog(p, memory, (fired) => (trendRulesOf(fired).length ? 'trending' : 'steady')),
      result: trending ? 'trending' : 'steady',
      reason: rule ? nelsonReason(rule) : 'No trend rule fires',
    },
  });
}

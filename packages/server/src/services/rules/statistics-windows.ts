import {
  DEFAULT_STATISTICS_PERIOD,
  NELSON_WINDOW,
  aggregatePeriods,
  periodStartOf,
  pooledStatistics,
  rule1Sigmas,
  type MetricLimit,
  type NelsonStatistics,
  type PeriodAggregate,
} from '@vigil/domain';
import { findSeriesOfEntities, type SeriesRef } from '../metrics/series-store.ts';
import { readValues, SeriesReader } from '../metrics/series-values.ts';
import type { EngineEntity, Trx } from './engine-entity.ts';
import type { EngineReading, Evaluation } from './evaluation.ts';
import { currentMemory, type SeriesMemory } from './series-memory.ts';

/** The groups the statistics rules follow: context metrics are constants, user metrics typed in, invalid ones refused. */
export const STATISTICS_GROUPS = ['raw_metrics', 'calculated_metrics'] as const;

/**
 * A series' newest closed periods (ADR 0023), oldest first, at most NELSON_WINDOW: what Nelson's
 * rules 2–8 read (their means) and rule 1's baseline (their readings, pooled).
 */
export interface Window {
  periods: PeriodAggregate[];
  means: number[];
  baseline: NelsonStatistics;
  /** the series' readings a period: the newest closed period's or their average, whichever is more */
  perPeriod: number;
  /** how many σ from the baseline's mean make a reading a spike at that sampling (rule1Sigmas) */
  sigmas: number;
  /** loaded for a series no memory knows: the newest stored period, still open */
  open?: PeriodAggregate | undefined;
}

/** A metric the statistics rules follow, its series key without a data point, and its period. */
export interface WatchedMetric {
  group: (typeof STATISTICS_GROUPS)[number];
  metric: string;
  key: string;
  periodMs: number;
}

const watchedByLimits = new WeakMap<readonly MetricLimit[], { periods: Map<string, number>; list: WatchedMetric[] }>();

/**
 * The statistical rules watch the metrics an engineer set warning or critical limits on (ADR 0011):
 * Nelson's rules on every channel (a logger's temperature, a battery) would bury what matters.
 * Worked out once per list of limits and scheme (entities of one scheme share theirs), in group order.
 */
export function watchedMetrics(entity: EngineEntity): WatchedMetric[] {
  const cached = watchedByLimits.get(entity.limits);
  if (cached?.periods === entity.statisticsPeriods) return cached.list;
  const list: WatchedMetric[] = [];
  for (const group of STATISTICS_GROUPS) {
    for (const metric of new Set(entity.limits.filter((l) => l.group === group).map((l) => l.metric))) {
      const periodMs = (entity.statisticsPeriods.get(metric) ?? DEFAULT_STATISTICS_PERIOD) * 1000;
      list.push({ group, metric, key: `${group}.${metric}`, periodMs });
    }
  }
  watchedByLimits.set(entity.limits, { periods: entity.statisticsPeriods, list });
  return list;
}

/** A series of an entity in memory and in the cache: `group.metric`, after `dataPointId/` for a data point. */
export const seriesKey = (dataPointId: string, group: string, metric: string) =>
  `${dataPointId ? `${dataPointId}/` : ''}${group}.${metric}`;

/** The series key of a watched metric in a reading: seriesKey without building the common part again. */
export const watchedKey = (dataPointId: string, watched: WatchedMetric) =>
  dataPointId ? `${dataPointId}/${watched.key}` : watched.key;

export const statisticsMemory = (ev: Evaluation) => ev.slot<Record<string, SeriesMemory>>('statistics', () => ({}));

/** The start of a window's newest closed period, null when it has none: what the memory must agree with. */
export const newestClosed = (window: Window) => window.periods.at(-1)?.start ?? null;

/** A window of these closed periods (the newest NELSON_WINDOW of them). */
export function windowOf(periods: PeriodAggregate[], open?: PeriodAggregate): Window {
  const kept = periods.slice(-NELSON_WINDOW);
  return { periods: kept, means: kept.map((p) => p.mean), ...baselineOf(kept), open };
}

/** Rule 1's baseline: the pooled readings of the periods, and the σ a reading must be beyond at their sampling. */
function baselineOf(periods: PeriodAggregate[]): Pick<Window, 'baseline' | 'perPeriod' | 'sigmas'> {
  let readings = 0;
  for (const p of periods) readings += p.n;
  const perPeriod = Math.max(periods.at(-1)?.n ?? 1, readings / Math.max(1, periods.length));
  return { baseline: pooledStatistics(periods), perPeriod, sigmas: rule1Sigmas(perPeriod) };
}

/** The σ a reading must be beyond, when the open period already holds more readings than the window's. */
export const spikeSigmas = (window: Window, open: PeriodAggregate) =>
  open.n > window.perPeriod ? rule1Sigmas(open.n) : window.sigmas;

/** Closes a period into the window: its mean joins the means, the oldest leaves beyond NELSON_WINDOW. */
export function closeInto(window: Window, period: PeriodAggregate): void {
  window.periods.push({ ...period });
  window.means.push(period.mean);
  if (window.periods.length > NELSON_WINDOW) {
    window.periods.shift();
    window.means.shift();
  }
  Object.assign(window, baselineOf(window.periods));
}

const MAX_SERIES = 20_000;

interface Wanted {
  entityId: string;
  key: string;
  periodMs: number;
  /** where the series' memory has its open period: only periods before it are closed */
  openStart: number | null;
  /** the batch's first reading of the series: the window reaches NELSON_WINDOW periods before it */
  first: number;
  /** the batch's readings of the series, already stored: left out of the loaded periods */
  times: Set<number>;
}

/**
 * The windows of the statistics rules, per entity and series (data point, group, metric), kept in
 * this process (the least recently evaluated entities dropped beyond MAX_SERIES) and loaded from the
 * stored values the first time. A cached window counts only while its newest closed period is the
 * one the entity's memory last closed: after a failed transaction, or an evaluation by another
 * instance, it is loaded again.
 */
export class StatisticsWindows {
  readonly #entities = new Map<string, Map<string, Window>>();
  #series = 0;

  /** The window prepared by `load`, if any. */
  get(entityId: string, key: string): Window | undefined {
    return this.#entities.get(entityId)?.get(key);
  }

  /** Makes sure every series of the readings has its window, before they are evaluated. */
  async load(trx: Trx, evaluations: Iterable<Evaluation>, readings: Map<string, EngineReading[]>): Promise<void> {
    const missing: Wanted[] = [];
    for (const ev of evaluations) {
      const watched = watchedMetrics(ev.entity);
      if (!watched.length) continue;
      const entityId = ev.entity.id;
      const windows = this.#entities.get(entityId);
      if (windows) {
        this.#entities.delete(entityId); // most recently evaluated last
        this.#entities.set(entityId, windows);
      }
      const memory = statisticsMemory(ev);
      const wantedHere = new Map<string, Wanted>();
      for (const r of readings.get(entityId) ?? []) {
        for (const w of watched) {
          if (r.metrics[w.group]?.[w.metric] === undefined) continue;
          const key = watchedKey(r.dataPointId, w);
          let wanted = wantedHere.get(key);
          if (!wanted) {
            const known = currentMemory(memory[key]);
            const window = windows?.get(key);
            if (window && known && newestClosed(window) === known.closed) continue;
            const openStart = known ? known.open.start : null;
            wanted = { entityId, key, periodMs: w.periodMs, openStart, first: r.t, times: new Set() };
            wantedHere.set(key, wanted);
            missing.push(wanted);
          }
          wanted.times.add(r.t);
        }
      }
    }
    if (!missing.length) return;
    for (const [entityId, windows] of this.#entities) {
      if (this.#series + missing.length <= MAX_SERIES) break;
      this.#entities.delete(entityId);
      this.#series -= windows.size;
    }
    const loaded = await loadPeriods(trx, missing);
    for (const w of missing) {
      let windows = this.#entities.get(w.entityId);
      if (!windows) this.#entities.set(w.entityId, (windows = new Map()));
      if (!windows.has(w.key)) this.#series++;
      const periods = loaded.get(`${w.entityId}\u0000${w.key}`) ?? [];
      // A memory holds the open period; without one, the newest stored period is still open.
      const window =
        w.openStart === null
          ? windowOf(periods.slice(0, -1), periods.at(-1))
          : windowOf(periods.filter((p) => p.start < w.openStart!));
      windows.set(w.key, window);
    }
  }
}

/**
 * The stored values of each series from NELSON_WINDOW + 1 periods before the batch's first reading
 * on, in periods, without the batch's own readings; keyed like the cache. A series silent for longer
 * starts again with a short window (its rules wait for NELSON_MIN_BASELINE periods).
 */
async function loadPeriods(trx: Trx, wanted: Wanted[]): Promise<Map<string, PeriodAggregate[]>> {
  const series = await findSeriesOfEntities(trx, [...new Set(wanted.map((w) => w.entityId))], STATISTICS_GROUPS);
  const byKey = new Map(wanted.map((w) => [`${w.entityId}\u0000${w.key}`, w]));
  // one read per period length and start: the series of a batch mostly share both
  const groups = new Map<
    string,
    { periodMs: number; from: number; found: Array<{ ref: SeriesRef; cacheKey: string; wanted: Wanted }> }
  >();
  for (const s of series) {
    const cacheKey = `${s.entity_id}\u0000${seriesKey(s.data_point_id, s.metric_group, s.metric)}`;
    const w = byKey.get(cacheKey);
    if (!w) continue;
    const ref = {
      id: Number(s.id),
      entityId: s.entity_id,
      dataPointId: s.data_point_id,
      group: s.metric_group,
      metric: s.metric,
    };
    const from =
      periodStartOf(Math.min(w.first, w.openStart ?? Infinity), w.periodMs) - (NELSON_WINDOW + 1) * w.periodMs;
    const groupKey = `${w.periodMs}|${from}`;
    const group = groups.get(groupKey) ?? { periodMs: w.periodMs, from, found: [] };
    group.found.push({ ref, cacheKey, wanted: w });
    groups.set(groupKey, group);
  }
  const out = new Map<string, PeriodAggregate[]>();
  const reader = new SeriesReader(trx);
  for (const { periodMs, from, found } of groups.values()) {
    const values = await readValues(
      reader,
      found.map((f) => f.ref),
      from,
      Number.MAX_SAFE_INTEGER,
    );
    for (const f of found) {
      const v = values.get(f.ref.id);
      if (!v) continue;
      const times: number[] = [];
      const kept: number[] = [];
      for (let i = 0; i < v.times.length; i++) {
        if (f.wanted.times.has(v.times[i]!)) continue;
        times.push(v.times[i]!);
        kept.push(v.values[i]!);
      }
      out.set(f.cacheKey, aggregatePeriods(times, kept, periodMs));
    }
  }
  return out;
}

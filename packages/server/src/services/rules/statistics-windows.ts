import { NELSON_WINDOW, type MetricLimit, type NelsonRule } from '@vigil/domain';
import type { SeriesRef } from '../metrics/series-store.ts';
import { readNewest, SeriesReader } from '../metrics/series-values.ts';
import type { EngineEntity, Trx } from './engine-entity.ts';
import type { EngineReading, Evaluation } from './evaluation.ts';

/** The groups the statistics rules follow: context metrics are constants, user metrics typed in, invalid ones refused. */
export const STATISTICS_GROUPS = ['raw_metrics', 'calculated_metrics'] as const;

/**
 * A series' newest stored values, oldest first: read_at in epoch milliseconds and the value, in two
 * arrays so that the rules read the values in place.
 */
export interface Window {
  times: number[];
  values: number[];
}

/** What the entity's memory keeps of a series: its newest point's time and the rules that fired there (null: not evaluated). */
export interface SeriesMemory {
  t: number;
  fired: NelsonRule[] | null;
  /** the trend episode the series is in: the trend rules fired in it and the points since the last one */
  episode?: { rules: NelsonRule[]; quiet: number } | null;
}

/** A metric the statistics rules follow, and its series key without a data point. */
export interface WatchedMetric {
  group: (typeof STATISTICS_GROUPS)[number];
  metric: string;
  key: string;
}

const watchedByLimits = new WeakMap<readonly MetricLimit[], WatchedMetric[]>();

/**
 * The statistical rules watch the metrics an engineer set warning or critical limits on (ADR 0011):
 * Nelson's rules on every channel (a logger's temperature, a battery) would bury what matters.
 * Worked out once per list of limits (entities of one scheme share theirs), in group order.
 */
export function watchedMetrics(entity: EngineEntity): WatchedMetric[] {
  let watched = watchedByLimits.get(entity.limits);
  if (!watched) {
    watched = [];
    for (const group of STATISTICS_GROUPS) {
      for (const metric of new Set(entity.limits.filter((l) => l.group === group).map((l) => l.metric))) {
        watched.push({ group, metric, key: `${group}.${metric}` });
      }
    }
    watchedByLimits.set(entity.limits, watched);
  }
  return watched;
}

/** A series of an entity in memory and in the cache: `group.metric`, after `dataPointId/` for a data point. */
export const seriesKey = (dataPointId: string, group: string, metric: string) =>
  `${dataPointId ? `${dataPointId}/` : ''}${group}.${metric}`;

/** The series key of a watched metric in a reading: seriesKey without building the common part again. */
export const watchedKey = (dataPointId: string, watched: WatchedMetric) =>
  dataPointId ? `${dataPointId}/${watched.key}` : watched.key;

export const statisticsMemory = (ev: Evaluation) => ev.slot<Record<string, SeriesMemory>>('statistics', () => ({}));

/**
 * Adds a reading's value to its window (oldest first, at most NELSON_WINDOW points). Returns whether
 * it is the newest point, the only one the rules evaluate; a late one takes its place in time order.
 */
export function addPoint({ times, values }: Window, t: number, value: number): boolean {
  const newest = times.at(-1);
  const isNewest = newest === undefined || t > newest;
  if (isNewest) {
    times.push(t);
    values.push(value);
  } else {
    const at = times.findIndex((time) => time >= t);
    if (times[at] !== t) {
      times.splice(at, 0, t);
      values.splice(at, 0, value);
    }
  }
  if (times.length > NELSON_WINDOW) {
    times.splice(0, times.length - NELSON_WINDOW);
    values.splice(0, values.length - NELSON_WINDOW);
  }
  return isNewest;
}

const MAX_SERIES = 20_000;

interface Wanted {
  entityId: string;
  key: string;
  /** the batch's readings of the series, already stored: left out of the loaded window */
  times: Set<number>;
}

/**
 * The rolling windows of the statistics rules, per entity and series (data point, group, metric), kept
 * in this process (the least recently evaluated entities dropped beyond MAX_SERIES) and loaded from
 * the stored values the first time. A cached window counts only while its newest point is the one
 * the entity's memory last evaluated: after a failed transaction, or an evaluation by another
 * instance, it is reloaded.
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
            const window = windows?.get(key);
            if (window && window.times.at(-1) === memory[key]?.t) continue;
            wantedHere.set(key, (wanted = { entityId, key, times: new Set() }));
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
    const loaded = await loadPoints(trx, missing);
    for (const { entityId, key } of missing) {
      let windows = this.#entities.get(entityId);
      if (!windows) this.#entities.set(entityId, (windows = new Map()));
      if (!windows.has(key)) this.#series++;
      windows.set(key, loaded.get(`${entityId}\u0000${key}`) ?? { times: [], values: [] });
    }
  }
}

/** The newest stored points of each series, without the batch's own readings; keyed like the cache. */
async function loadPoints(trx: Trx, wanted: Wanted[]): Promise<Map<string, Window>> {
  const series = await trx
    .selectFrom('metric_series')
    .select(['id', 'entity_id', 'data_point_id', 'metric_group', 'metric'])
    .where('entity_id', 'in', [...new Set(wanted.map((w) => w.entityId))])
    .where('metric_group', 'in', [...STATISTICS_GROUPS])
    .execute();
  const byKey = new Map(wanted.map((w) => [`${w.entityId}\u0000${w.key}`, w]));
  const found: Array<{ ref: SeriesRef; cacheKey: string; wanted: Wanted }> = [];
  for (const s of series) {
    const cacheKey = `${s.entity_id}\u0000${seriesKey(s.data_point_id, s.metric_group, s.metric)}`;
    const w = byKey.get(cacheKey);
    const ref = {
      id: Number(s.id),
      entityId: s.entity_id,
      dataPointId: s.data_point_id,
      group: s.metric_group,
      metric: s.metric,
    };
    if (w) found.push({ ref, cacheKey, wanted: w });
  }
  const points = new Map<string, Window>();
  const most = Math.max(0, ...found.map((f) => f.wanted.times.size));
  const newest = await readNewest(
    new SeriesReader(trx),
    found.map((f) => f.ref),
    NELSON_WINDOW + most,
  );
  for (const f of found) {
    const v = newest.get(f.ref.id);
    if (!v) continue;
    const window: Window = { times: [], values: [] };
    for (let i = 0; i < v.times.length; i++) {
      if (f.wanted.times.has(v.times[i]!)) continue;
      window.times.push(v.times[i]!);
      window.values.push(v.values[i]!);
    }
    const extra = Math.max(0, window.times.length - NELSON_WINDOW);
    window.times.splice(0, extra);
    window.values.splice(0, extra);
    points.set(f.cacheKey, window);
  }
  return points;
}

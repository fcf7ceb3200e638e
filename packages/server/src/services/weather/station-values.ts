import type { AggregationFunction } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { aggregate } from '../metrics/aggregate.ts';
import type { Bucketing } from '../metrics/bucketing.ts';
import { findSeries, type SeriesRef } from '../metrics/series-store.ts';
import { readConsistently, readNewest } from '../metrics/series-values.ts';

/** The raw metrics of a meteorological scheme that the weather reads (the demo's MET-01 has them all). */
export const STATION_METRICS = [
  'air_temperature',
  'rainfall',
  'humidity',
  'pressure',
  'wind_speed',
  'wind_direction',
] as const;
export type StationMetric = (typeof STATION_METRICS)[number];
export type StationSeries = Partial<Record<StationMetric, SeriesRef>>;

/** Values older than this before the station's newest are not "now" any more: the sensor has gone quiet. */
const STALE_MS = 24 * 3_600_000;

/**
 * The station's newest value of each weather metric and when the newest of them was read; null
 * when it has never reported. A payload may carry some metrics only: each keeps its own newest
 * value, unless it is a day older than the station's newest.
 */
export async function newestStationValues(db: Db, dialect: Dialect, series: StationSeries) {
  const chosen = STATION_METRICS.flatMap((metric) => (series[metric] ? [{ metric, ref: series[metric] }] : []));
  const newest = await readConsistently(db, dialect, (reader) =>
    readNewest(
      reader,
      chosen.map((c) => c.ref),
      1,
    ),
  );
  const found = chosen.flatMap(({ metric, ref }) => {
    const v = newest.get(ref.id);
    return v && v.times.length ? [{ metric, t: v.times[0]!, value: v.values[0]! }] : [];
  });
  if (!found.length) return null;
  const readAt = Math.max(...found.map((f) => f.t));
  const values: Partial<Record<StationMetric, number>> = {};
  for (const f of found) if (f.t >= readAt - STALE_MS) values[f.metric] = f.value;
  return { readAt, values };
}

/** The station's series of each weather metric: valid raw values only. */
export async function findStationSeries(db: Db, projectId: string, stationId: string): Promise<StationSeries> {
  const found = await Promise.all(
    STATION_METRICS.map((metric) =>
      findSeries(db, projectId, { metric, groups: ['raw_metrics'], entityIds: [stationId] }),
    ),
  );
  const series: StationSeries = {};
  STATION_METRICS.forEach((metric, i) => {
    const first = found[i]![0];
    if (first) series[metric] = first;
  });
  return series;
}

/**
 * Per metric, `fn` of its values in each bucket of [from, end), by bucket start: the metrics
 * provider's own aggregation (ADR 0014), so the weather agrees with the station's charts.
 */
export async function aggregateStation(
  db: Db,
  dialect: Dialect,
  series: StationSeries,
  metrics: readonly StationMetric[],
  plan: { fn: AggregationFunction; bucketing: Bucketing; from: number; end: number },
): Promise<Map<StationMetric, Map<number, number>>> {
  const chosen = metrics.flatMap((metric) => (series[metric] ? [{ metric, ref: series[metric] }] : []));
  const out = new Map(chosen.map((c) => [c.metric, new Map<number, number>()]));
  if (!chosen.length) return out;
  let starts: readonly number[] = [];
  await aggregate(
    db,
    dialect,
    chosen.map((c) => c.ref),
    new Map(chosen.map((c, i) => [c.ref.id, i])),
    chosen.length,
    { ...plan, excludeZero: false, envelope: false },
    {
      window: (windowStarts) => (starts = windowStarts),
      point: (key, index, value) => out.get(chosen[key]!.metric)!.set(starts[index]!, value),
    },
  );
  return out;
}

import type { AggregationFunction } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import {
  findPartials,
  findRawValues,
  readValuesBySeries,
  type IndexedValue,
  type PartialRow,
} from './aggregate-store.ts';
import { WindowAccumulator, type BucketSink } from './bucket-accumulator.ts';
import { DAY_MS, piecesOf, windowsOf, type Bucketing, type Source, type WindowLimits } from './bucketing.ts';

/** What to aggregate: buckets, the range [from, end), the function, and whether zeros count. */
export interface Plan {
  bucketing: Bucketing;
  from: number;
  end: number;
  fn: AggregationFunction;
  excludeZero: boolean;
}

/** Windows keep each query's rows bounded: raw values by span, rollups by the number of rows. */
export const WINDOW_LIMITS: Record<Source, WindowLimits> = {
  raw: { maxBuckets: 5000, maxSpanMs: 10 * DAY_MS },
  hour: { maxBuckets: 5000, maxSpanMs: 100 * DAY_MS },
  day: { maxBuckets: 5000, maxSpanMs: 3660 * DAY_MS },
};
/** Series per query, by source. */
const SERIES_BATCH: Record<Source, number> = { raw: 25, hour: 200, day: 1000 };

/**
 * Reads the series window by window, batch by batch, and hands each key's buckets to `sink` in time
 * order (`keyIndex`: series id → key index). Rollups for whole periods, raw values for the rest (see
 * `piecesOf`). When each key is one series and buckets have a fixed width — every chart of raw
 * values but a merged one — each series' values stream through in time order, without bucket arrays.
 */
export async function aggregate(
  db: Db,
  seriesIds: readonly number[],
  keyIndex: ReadonlyMap<number, number>,
  keyCount: number,
  plan: Plan,
  sink: BucketSink,
) {
  const source = plan.bucketing.source;
  const batchSize = SERIES_BATCH[source];
  const streaming = source === 'raw' && plan.bucketing.width !== undefined && keyCount === seriesIds.length;
  for (const window of windowsOf(plan.bucketing, plan.from, plan.end, WINDOW_LIMITS[source])) {
    if (streaming) {
      sink.window(window.starts);
      const range = { from: window.from, end: window.end, origin: window.starts[0]!, width: plan.bucketing.width! };
      await readValuesBySeries(db, seriesIds, range, plan.excludeZero, (i, rows) =>
        streamSeries(rows, keyIndex.get(seriesIds[i]!)!, plan.fn, sink),
      );
      continue;
    }
    const acc = new WindowAccumulator(plan.bucketing, window, keyCount);
    const pieces = piecesOf(window.from, window.end, source);
    for (let i = 0; i < seriesIds.length; i += batchSize) {
      const batch = seriesIds.slice(i, i + batchSize);
      if (source === 'raw') {
        for (const row of await findRawValues(db, batch, window.from, window.end, plan.excludeZero)) {
          acc.addValue(keyIndex.get(row.series_id)!, Number(row.t), row.value);
        }
        continue;
      }
      for (const row of await findPartials(db, batch, pieces, plan.fn)) {
        acc.addPartial(keyIndex.get(row.series_id)!, Number(row.t), partialOf(plan.fn, row));
      }
    }
    acc.emit(plan.fn, sink);
  }
}

/** A partial row as the accumulator takes it: what the function did not read stays neutral. */
function partialOf(fn: AggregationFunction, row: PartialRow) {
  const a = Number(row.a);
  return {
    count: Number(row.count),
    sum: fn === 'avg' || fn === 'sum' ? a : 0,
    min: fn === 'min' ? a : Infinity,
    max: fn === 'max' ? a : -Infinity,
    firstT: fn === 'first' ? a : Infinity,
    first: row.b ?? 0,
  };
}

/** One series' values in time order, by bucket index, each bucket handed over as it closes. */
function streamSeries(rows: readonly IndexedValue[], key: number, fn: AggregationFunction, sink: BucketSink) {
  let index = -1;
  let count = 0;
  let sum = 0;
  let min = 0;
  let max = 0;
  let first = 0;
  for (let i = 0; i <= rows.length; i++) {
    const row = rows[i];
    const at = row ? Number(row.i) : -2;
    if (at !== index) {
      if (count) {
        const value =
          fn === 'avg'
            ? sum / count
            : fn === 'sum'
              ? sum
              : fn === 'count'
                ? count
                : fn === 'min'
                  ? min
                  : fn === 'max'
                    ? max
                    : first;
        sink.point(key, index, value);
      }
      if (!row) break;
      index = at;
      count = 0;
      sum = 0;
      min = row.value;
      max = row.value;
      first = row.value;
    }
    const value = row!.value;
    count += 1;
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
}

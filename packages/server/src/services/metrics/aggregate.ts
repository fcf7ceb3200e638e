import type { AggregationFunction } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { WindowAccumulator, type BucketSink } from './bucket-accumulator.ts';
import { DAY_MS, windowsOf, type Bucketing, type Source, type WindowLimits } from './bucketing.ts';
import { SUM_SCALE, unscaled } from './finite-sums.ts';
import type { SeriesRef } from './series-store.ts';
import { findDaySummaries, readConsistently, readValueParts, readValues, type Values } from './series-values.ts';

/** What to aggregate: buckets, the range [from, end), the function, and whether zeros count. */
export interface Plan {
  bucketing: Bucketing;
  from: number;
  end: number;
  fn: AggregationFunction;
  excludeZero: boolean;
  /** also each bucket's least and greatest value and its count (`envelope`, ADR 0036) */
  envelope: boolean;
}

/** Windows keep each read bounded: values by span, day summaries by the number of rows. */
export const WINDOW_LIMITS: Record<Source, WindowLimits> = {
  raw: { maxBuckets: 5000, maxSpanMs: 10 * DAY_MS },
  hour: { maxBuckets: 5000, maxSpanMs: 31 * DAY_MS },
  day: { maxBuckets: 5000, maxSpanMs: 3660 * DAY_MS },
};
/** Series per read, by source. */
const SERIES_BATCH: Record<Source, number> = { raw: 25, hour: 25, day: 1000 };

/**
 * Reads the series window by window, batch by batch, in one consistent read (ADR 0014), and hands
 * each key's buckets to `sink` in time order (`keyIndex`: series id → key index). Whole days come
 * from the day summaries (metric_days); partial days and finer buckets from values (blocks and
 * tail). When each key is one series and buckets have a fixed width — every chart but a merged one —
 * each series' values stream through in time order, without bucket arrays.
 */
export async function aggregate(
  db: Db,
  dialect: Dialect,
  series: readonly SeriesRef[],
  keyIndex: ReadonlyMap<number, number>,
  keyCount: number,
  plan: Plan,
  sink: BucketSink,
) {
  const source = plan.bucketing.source;
  const batchSize = SERIES_BATCH[source];
  const streaming = source !== 'day' && plan.bucketing.width !== undefined && keyCount === series.length;
  await readConsistently(db, dialect, async (reader) => {
    for (const window of windowsOf(plan.bucketing, plan.from, plan.end, WINDOW_LIMITS[source])) {
      if (streaming) {
        sink.window(window.starts);
        const origin = window.starts[0]!;
        for (let i = 0; i < series.length; i += batchSize) {
          const batch = series.slice(i, i + batchSize);
          const values = await readValueParts(reader, batch, window.from, window.end);
          for (const s of batch) {
            const parts = values.get(s.id);
            if (parts) streamSeries(parts, origin, plan, keyIndex.get(s.id)!, sink);
          }
        }
        continue;
      }
      const acc = new WindowAccumulator(plan.bucketing, window, keyCount);
      const addValues = (values: Map<number, Values>) => {
        for (const [id, v] of values) {
          const key = keyIndex.get(id)!;
          for (let j = 0; j < v.times.length; j++) {
            if (plan.excludeZero && v.values[j] === 0) continue;
            acc.addValue(key, v.times[j]!, v.values[j]!);
          }
        }
      };
      // Whole days from their summaries (and the tail); the partial days at the edges from values.
      const firstDay = source === 'day' ? Math.ceil(window.from / DAY_MS) * DAY_MS : window.end;
      const lastDay = source === 'day' ? Math.floor(window.end / DAY_MS) * DAY_MS : window.end;
      for (let i = 0; i < series.length; i += batchSize) {
        const batch = series.slice(i, i + batchSize);
        if (firstDay >= lastDay) {
          addValues(await readValues(reader, batch, window.from, window.end));
          continue;
        }
        if (window.from < firstDay) addValues(await readValues(reader, batch, window.from, firstDay));
        if (lastDay < window.end) addValues(await readValues(reader, batch, lastDay, window.end));
        const summaries = await findDaySummaries(
          reader.trx,
          batch.map((s) => s.id),
          firstDay,
          lastDay,
          plan.fn,
          plan.envelope,
        );
        for (const d of summaries) acc.addPartial(keyIndex.get(d.seriesId)!, d.day, d);
        const tail = await reader.tail(batch, firstDay, lastDay);
        for (const [id, pairs] of tail) for (const [t, v] of pairs) acc.addValue(keyIndex.get(id)!, t, v);
      }
      acc.emit(plan.fn, sink, plan.envelope);
    }
  });
}

/**
 * One series' values, part after part in time order, bucket by bucket, each bucket handed over as it
 * closes. The running figures are locals of this loop, not variables a closure shares: V8 boxes every
 * double stored in a closure's context, and a year of minutes would make megabytes of garbage a call.
 * For the same reason a closed bucket is written out here, at the one place below, and not by a
 * helper: each double passed to a call that is not inlined is boxed too, and five of them a bucket
 * made 1.6 MB of garbage a call of Q1 (issue 5), 10 series of 2000 buckets.
 */
function streamSeries(parts: readonly Values[], origin: number, plan: Plan, key: number, sink: BucketSink) {
  const width = plan.bucketing.width!;
  const { fn, excludeZero, envelope } = plan;
  let index = -1;
  let count = 0;
  /** scaled by SUM_SCALE, so that it cannot overflow (finite-sums.ts) */
  let sum = 0;
  let min = 0;
  let max = 0;
  let first = 0;
  let part = 0;
  let i = 0;
  let times = parts[0]?.times ?? NO_VALUES;
  let values = parts[0]?.values ?? NO_VALUES;
  for (;;) {
    let at = END;
    let value = 0;
    if (i < times.length) {
      value = values[i]!;
      at = Math.floor((times[i++]! - origin) / width);
      if (excludeZero && value === 0) continue;
    } else if (++part < parts.length) {
      times = parts[part]!.times;
      values = parts[part]!.values;
      i = 0;
      continue;
    }
    if (at !== index) {
      if (count) {
        const result =
          fn === 'avg'
            ? unscaled(sum / count)
            : fn === 'sum'
              ? unscaled(sum)
              : fn === 'count'
                ? count
                : fn === 'min'
                  ? min
                  : fn === 'max'
                    ? max
                    : first;
        sink.point(key, index, result);
        if (envelope) sink.extent?.(key, index, min, max, count);
      }
      if (at === END) return;
      index = at;
      count = 0;
      sum = 0;
      min = value;
      max = value;
      first = value;
    }
    count += 1;
    sum += value * SUM_SCALE;
    if (value < min) min = value;
    if (value > max) max = value;
  }
}

/** The bucket index that closes the last bucket: no value has it (indexes are from 0 up), nor does the start (-1). */
const END = -2;
const NO_VALUES = new Float64Array(0);

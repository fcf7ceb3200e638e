import type { AggregationFunction } from '@vigil/domain';
import { indexerOf, type Bucketing, type Window } from './bucketing.ts';
import { SUM_SCALE, unscaled } from './finite-sums.ts';

/** count, sum, min, max and first of one key's buckets in a window, in flat arrays. */
interface KeyBuckets {
  count: Float64Array;
  /** scaled by SUM_SCALE, so that it cannot overflow (finite-sums.ts) */
  sum: Float64Array;
  min: Float64Array;
  max: Float64Array;
  firstT: Float64Array;
  first: Float64Array;
}

/**
 * Combines raw values and rollup partials of one window into buckets per output key (a monitored
 * entity or a data point, which may own several series). Any input order gives the same result.
 */
export class WindowAccumulator {
  readonly window: Window;
  private readonly keys: Array<KeyBuckets | undefined>;
  private readonly indexOf: (t: number) => number;

  constructor(bucketing: Bucketing, window: Window, keyCount: number) {
    this.window = window;
    this.keys = new Array<KeyBuckets | undefined>(keyCount);
    this.indexOf = indexerOf(bucketing, window);
  }

  private buckets(key: number): KeyBuckets {
    let b = this.keys[key];
    if (!b) {
      const n = this.window.starts.length;
      b = {
        count: new Float64Array(n),
        sum: new Float64Array(n),
        min: new Float64Array(n).fill(Infinity),
        max: new Float64Array(n).fill(-Infinity),
        firstT: new Float64Array(n).fill(Infinity),
        first: new Float64Array(n),
      };
      this.keys[key] = b;
    }
    return b;
  }

  addValue(key: number, t: number, value: number) {
    const b = this.buckets(key);
    const i = this.indexOf(t);
    b.count[i]! += 1;
    b.sum[i]! += value * SUM_SCALE;
    if (value < b.min[i]!) b.min[i] = value;
    if (value > b.max[i]!) b.max[i] = value;
    if (t < b.firstT[i]!) {
      b.firstT[i] = t;
      b.first[i] = value;
    }
  }

  /** A rollup row (or any pre-aggregated part) whose values all fall in the bucket holding `t`. */
  addPartial(
    key: number,
    t: number,
    p: { count: number; sum: number; min: number; max: number; firstT: number; first: number },
  ) {
    const b = this.buckets(key);
    const i = this.indexOf(t);
    b.count[i]! += p.count;
    b.sum[i]! += p.sum * SUM_SCALE;
    if (p.min < b.min[i]!) b.min[i] = p.min;
    if (p.max > b.max[i]!) b.max[i] = p.max;
    if (p.firstT < b.firstT[i]!) {
      b.firstT[i] = p.firstT;
      b.first[i] = p.first;
    }
  }

  /**
   * Hands the value of `fn` in each non-empty bucket to `sink`, key by key, in time order, and with
   * `envelope` each bucket's extent.
   */
  emit(fn: AggregationFunction, sink: BucketSink, envelope = false) {
    const starts = this.window.starts;
    sink.window(starts);
    for (let key = 0; key < this.keys.length; key++) {
      const b = this.keys[key];
      if (!b) continue;
      const scaled = fn === 'avg' || fn === 'sum';
      const value = scaled ? b.sum : VALUE_OF[fn](b);
      for (let i = 0; i < starts.length; i++) {
        const count = b.count[i]!;
        if (count === 0) continue;
        sink.point(key, i, scaled ? unscaled(fn === 'avg' ? value[i]! / count : value[i]!) : value[i]!);
        if (envelope) sink.extent?.(key, i, b.min[i]!, b.max[i]!, count);
      }
    }
  }
}

/**
 * Receives buckets: `window` gives the bucket starts (epoch ms) of the points that follow, `point`
 * the value of one key's bucket by its index in them. A key's points come in time order.
 */
export interface BucketSink {
  window(starts: readonly number[]): void;
  point(key: number, index: number, value: number): void;
  /** the least and greatest value of the bucket just given to `point`, and how many it holds */
  extent?(key: number, index: number, min: number, max: number, count: number): void;
}

const VALUE_OF: Record<Exclude<AggregationFunction, 'avg' | 'sum'>, (b: KeyBuckets) => Float64Array> = {
  count: (b) => b.count,
  min: (b) => b.min,
  max: (b) => b.max,
  first: (b) => b.first,
};

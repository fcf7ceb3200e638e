import type { AggregationFunction } from '@vigil/domain';
import { indexerOf, type Bucketing, type Window } from './bucketing.ts';

/** count, sum, min, max and first of one key's buckets in a window, in flat arrays. */
interface KeyBuckets {
  count: Float64Array;
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
    b.sum[i]! += value;
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
    b.sum[i]! += p.sum;
    if (p.min < b.min[i]!) b.min[i] = p.min;
    if (p.max > b.max[i]!) b.max[i] = p.max;
    if (p.firstT < b.firstT[i]!) {
      b.firstT[i] = p.firstT;
      b.first[i] = p.first;
    }
  }

  /**
   * The bucket counts of `key` and the value of `fn` in each bucket (meaningless where the count is
   * 0), or undefined when the key has no value in the window.
   */
  valuesOf(key: number, fn: AggregationFunction): { count: Float64Array; value: Float64Array } | undefined {
    const b = this.keys[key];
    if (!b) return undefined;
    switch (fn) {
      case 'avg': {
        const value = new Float64Array(b.count.length);
        for (let i = 0; i < value.length; i++) value[i] = b.sum[i]! / b.count[i]!;
        return { count: b.count, value };
      }
      case 'sum':
        return { count: b.count, value: b.sum };
      case 'count':
        return { count: b.count, value: b.count };
      case 'min':
        return { count: b.count, value: b.min };
      case 'max':
        return { count: b.count, value: b.max };
      case 'first':
        return { count: b.count, value: b.first };
    }
  }
}

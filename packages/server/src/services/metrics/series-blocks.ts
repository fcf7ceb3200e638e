import { SUM_SCALE, unscaled } from './finite-sums.ts';
import { DAY_MS } from './time-units.ts';

/**
 * A series' values of one UTC day (ADR 0014): times (epoch ms) and values in time order, stored as
 * one float64 array — all times, then all values — in the platform's byte order (little-endian on
 * x86 and ARM); the day's summary is a metric_days row.
 */
export interface Block {
  times: Float64Array;
  values: Float64Array;
}

/** The start of the UTC day of `t`, in epoch ms. */
export const dayOf = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;

export function encodeBlock(block: Block): Uint8Array {
  const n = block.times.length;
  const all = new Float64Array(2 * n);
  all.set(block.times, 0);
  all.set(block.values, n);
  return new Uint8Array(all.buffer);
}

export function decodeBlock(data: Uint8Array): Block {
  // Float64Array views need 8-byte alignment; database drivers hand out buffers at any offset.
  const bytes = data.byteOffset % 8 === 0 ? data : data.slice();
  const all = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
  const n = all.length / 2;
  return { times: all.subarray(0, n), values: all.subarray(n) };
}

/** Merges values into a block in time order; at an equal time the newer value wins. */
export function mergeBlock(old: Block | undefined, added: Array<[number, number]>): Block {
  added.sort((a, b) => a[0] - b[0]);
  const oldN = old?.times.length ?? 0;
  const times = new Float64Array(oldN + added.length);
  const values = new Float64Array(oldN + added.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < oldN || j < added.length) {
    const next = added[j];
    if (next && (i >= oldN || next[0] <= old!.times[i]!)) {
      if (i < oldN && next[0] === old!.times[i]) i++;
      if (n > 0 && times[n - 1] === next[0]) n--;
      times[n] = next[0];
      values[n++] = next[1];
      j++;
    } else {
      times[n] = old!.times[i]!;
      values[n++] = old!.values[i++]!;
    }
  }
  return { times: times.subarray(0, n), values: values.subarray(0, n) };
}

/**
 * The day's rollup: count, sum, min, max, and the first and last value with their times. The sum is
 * kept finite: beyond the range of doubles it is the largest double of its sign (finite-sums.ts).
 */
export function summarize(block: Block) {
  const { times, values } = block;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    sum += v * SUM_SCALE;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const n = times.length;
  return {
    count: n,
    sum: unscaled(sum),
    min,
    max,
    first_t: times[0]!,
    first: values[0]!,
    last_t: times[n - 1]!,
    last: values[n - 1]!,
  };
}

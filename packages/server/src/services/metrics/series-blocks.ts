import { decodeColumns, encodeColumns } from './block-codec.ts';
import { SUM_SCALE, unscaled } from './finite-sums.ts';
import { DAY_MS } from './time-units.ts';

/**
 * A series' values of one UTC day (ADR 0014): times (epoch ms) and values in time order; the day's
 * summary is a metric_blocks row. Stored compressed (ADR 0045, block-codec.ts).
 */
export interface Block {
  times: Float64Array;
  values: Float64Array;
}

/** The start of the UTC day of `t`, in epoch ms. */
export const dayOf = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;

/** A block's stored bytes: every time and value comes back bit for bit from decodeBlock. */
export const encodeBlock = (block: Block): Uint8Array => encodeColumns(block);

/** A block from its stored bytes, in any format written so far (blocks of ADR 0014 included). */
export const decodeBlock = (data: Uint8Array): Block => decodeColumns(data);

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
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
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

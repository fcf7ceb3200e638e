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

/**
 * Values to merge into a block, in the order stored: times and values side by side, so that
 * compaction allocates no pair for each of the values it gathers.
 */
export interface AddedValues {
  times: number[];
  values: number[];
}

export const noValuesAdded = (): AddedValues => ({ times: [], values: [] });

/** The indexes of `times` in time order (stable: at an equal time, the order stored), or null when they are in order. */
function timeOrder(times: readonly number[]): number[] | null {
  let sorted = true;
  for (let k = 1; k < times.length && sorted; k++) sorted = times[k - 1]! <= times[k]!;
  if (sorted) return null;
  const order = new Array<number>(times.length);
  for (let k = 0; k < times.length; k++) order[k] = k;
  return order.sort((a, b) => times[a]! - times[b]!);
}

/** Merges values into a block in time order; at an equal time the newer value wins. */
export function mergeBlock(old: Block | undefined, added: AddedValues): Block {
  const order = timeOrder(added.times);
  const count = added.times.length;
  const oldN = old?.times.length ?? 0;
  const times = new Float64Array(oldN + count);
  const values = new Float64Array(oldN + count);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < oldN || j < count) {
    const k = j < count ? (order ? order[j]! : j) : -1;
    const t = k < 0 ? NaN : added.times[k]!;
    if (k >= 0 && (i >= oldN || t <= old!.times[i]!)) {
      if (i < oldN && t === old!.times[i]) i++;
      if (n > 0 && times[n - 1] === t) n--;
      times[n] = t;
      values[n++] = added.values[k]!;
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

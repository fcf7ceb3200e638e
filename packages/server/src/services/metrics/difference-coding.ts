import { unzigzag, zigzag, type ByteReader, type ByteWriter } from './byte-stream.ts';

/**
 * Integers as differences (ADR 0045): the first integer, then each one's difference from the one
 * before (order 1) or the change of that difference (order 2, "delta of delta"), as varint tokens.
 * A token is zigzag(difference) × 2, or count × 2 + 1 for a run of `count` zero differences, so a
 * regular clock or a constant value costs a few bytes a day whatever the count.
 */

/** Integers coded must lie within ±MAX_CODED_INTEGER: their second differences then stay below 2^51. */
export const MAX_CODED_INTEGER = 2 ** 49;

/**
 * Whether every number of `list` is an integer the differences code: within ±MAX_CODED_INTEGER and
 * not −0. An indexed loop: compaction runs it on every block, and a callback per element (`every`)
 * boxed each double for the collector.
 */
export function allCodable(list: Float64Array): boolean {
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    if (!Number.isInteger(t) || Math.abs(t) > MAX_CODED_INTEGER || Object.is(t, -0)) return false;
  }
  return true;
}

export type DifferenceOrder = 1 | 2;

export function writeDifferences(out: ByteWriter, ints: ArrayLike<number>, order: DifferenceOrder) {
  const n = ints.length;
  if (n === 0) return;
  out.varint(2 * zigzag(ints[0]!));
  let zeros = 0;
  let previousDelta = 0;
  for (let i = 1; i < n; i++) {
    const delta = ints[i]! - ints[i - 1]!;
    const difference = order === 1 ? delta : delta - previousDelta;
    previousDelta = delta;
    if (difference === 0) {
      zeros++;
      continue;
    }
    if (zeros) out.varint(2 * zeros + 1);
    zeros = 0;
    out.varint(2 * zigzag(difference));
  }
  if (zeros) out.varint(2 * zeros + 1);
}

/** Reads `n` integers written by writeDifferences into `into` from `at`. */
export function readDifferences(input: ByteReader, n: number, order: DifferenceOrder, into: Float64Array, at = 0) {
  if (n === 0) return;
  const end = at + n;
  let value = unzigzag(input.varint() / 2);
  into[at] = value;
  let delta = 0;
  let i = at + 1;
  while (i < end) {
    const token = input.varint();
    if (token % 2 === 1) {
      // a run of zero differences: the value (order 1) or the delta (order 2) stays
      const runEnd = i + (token - 1) / 2;
      if (runEnd > end) throw new RangeError('A run goes past the end of the block');
      for (; i < runEnd; i++) into[i] = value += order === 1 ? 0 : delta;
      continue;
    }
    const difference = unzigzag(token / 2);
    if (order === 1) value += difference;
    else value += delta += difference;
    into[i++] = value;
  }
}

/**
 * Sums of series values that cannot overflow (ADR 0008, amended). Ingest refuses values beyond
 * MAX_METRIC_MAGNITUDE, but readings stored before that bound may hold values near the largest
 * double, whose plain sum is Infinity (null on the wire). So values are summed scaled by 2^-64: a
 * power of two moves only the exponent, so for values above 1e-270 (or zero) the scaled sum is the
 * plain sum times 2^-64 bit for bit, and means come out exactly as before; yet no sum of fewer than
 * 2^64 finite doubles overflows.
 */

/** What each value is multiplied by before it is added to a sum. */
export const SUM_SCALE = 2 ** -64;
const UNSCALE = 2 ** 64;

/** `value`, with ±Infinity (a sum that overflowed) as the largest double of its sign. */
export function saturated(value: number): number {
  if (value === Infinity) return Number.MAX_VALUE;
  if (value === -Infinity) return -Number.MAX_VALUE;
  return value;
}

/**
 * A scaled sum (or a scaled sum divided by its count: a mean) in the values' own scale; a sum beyond
 * the range of doubles is the largest double of its sign.
 */
export const unscaled = (scaled: number): number => saturated(scaled * UNSCALE);

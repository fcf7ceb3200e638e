import { ByteReader, ByteWriter } from './byte-stream.ts';
import { MAX_CODED_INTEGER, readDifferences, writeDifferences, type DifferenceOrder } from './difference-coding.ts';

/**
 * Decimal scaling (ADR 0045): sensors send few decimals, so 12.345 is the integer 12345 at scale 3,
 * and a day of such integers is coded as differences (difference-coding.ts). A value comes back as
 * integer / 10^scale, which is the double nearest to the decimal, as parsing its text gave; values
 * that do not come back bit for bit that way (calculated metrics, negative zero, beyond ±2^49 at
 * their scale) make the block use another coding.
 */

/** The most decimals tried: 10^15 is exact as a double, and sensors send far fewer. */
const MAX_SCALE = 15;
const POWERS = Array.from({ length: MAX_SCALE + 1 }, (_, k) => 10 ** k);

const exactAt = (value: number, power: number) => {
  const scaled = Math.round(value * power);
  return Math.abs(scaled) <= MAX_CODED_INTEGER && scaled / power === value;
};

/** The fewest decimals at which every value comes back exactly, or undefined when there are none. */
export function decimalScaleOf(values: Float64Array): number | undefined {
  // indexed loops: compaction runs this on every block, and an iterator boxed each double
  let scale = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Object.is(v, -0)) return undefined;
    while (!exactAt(v, POWERS[scale]!)) if (++scale > MAX_SCALE) return undefined;
  }
  // a value exact at a smaller scale is almost always exact at a larger one: checked all the same
  const power = POWERS[scale]!;
  for (let i = 0; i < values.length; i++) if (!exactAt(values[i]!, power)) return undefined;
  return scale;
}

/** The values at `scale` as differences of the order that codes them smaller. */
export function encodeDecimalValues(values: Float64Array, scale: number): Uint8Array {
  const power = POWERS[scale]!;
  const ints = new Float64Array(values.length);
  for (let i = 0; i < ints.length; i++) ints[i] = Math.round(values[i]! * power);
  const coded = ([1, 2] as const).map((order) => {
    const out = new ByteWriter(16 + values.length);
    out.byte(scale);
    out.byte(order);
    writeDifferences(out, ints, order);
    return out.finish();
  });
  return coded[0]!.length <= coded[1]!.length ? coded[0]! : coded[1]!;
}

/** Reads `n` values written by encodeDecimalValues into `into` from `at`. */
export function decodeDecimalValues(bytes: Uint8Array, n: number, into: Float64Array, at = 0) {
  const input = new ByteReader(bytes);
  const scale = input.byte();
  const order = input.byte();
  if (scale > MAX_SCALE || (order !== 1 && order !== 2)) throw new RangeError('A corrupt decimal coding');
  readDifferences(input, n, order as DifferenceOrder, into, at);
  if (scale === 0) return;
  const power = POWERS[scale]!;
  for (let i = at; i < at + n; i++) into[i] = into[i]! / power;
}

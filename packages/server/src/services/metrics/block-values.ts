import type { ByteReader, ByteWriter } from './byte-stream.ts';
import { decimalScaleOf, decodeDecimalValues, encodeDecimalValues } from './decimal-values.ts';
import { readRawDoubles, writeRawDoubles } from './raw-doubles.ts';
import { decodeXorValues, encodeXorValues } from './xor-values.ts';

/**
 * A series' values in a block (ADR 0045): as scaled decimals when every value is a short decimal,
 * else XOR of successive doubles; whichever is smaller, and raw doubles when neither is smaller.
 */

/** The byte naming how the values are coded: never renumbered (stored in blocks). */
const ValuesMethod = { Raw: 0, Xor: 1, Decimal: 2 } as const;

export function writeValues(out: ByteWriter, values: Float64Array) {
  const scale = decimalScaleOf(values);
  const decimal = scale === undefined ? undefined : encodeDecimalValues(values, scale);
  // a short decimal coding is rarely beaten by XOR: XOR is tried only when it is long
  const xor = decimal && decimal.length <= values.length ? undefined : encodeXorValues(values);
  const [method, coded] =
    decimal && (!xor || decimal.length <= xor.length) ? [ValuesMethod.Decimal, decimal] : [ValuesMethod.Xor, xor!];
  if (coded.length >= 8 * values.length) {
    out.byte(ValuesMethod.Raw);
    writeRawDoubles(out, values);
    return;
  }
  out.byte(method);
  out.varint(coded.length);
  out.bytes(coded);
}

/** Reads `n` values written by writeValues into `into` from `at`. */
export function readValues(input: ByteReader, n: number, into: Float64Array, at = 0) {
  const method = input.byte();
  if (method === ValuesMethod.Raw) return readRawDoubles(input, n, into, at);
  const coded = input.take(input.varint());
  if (method === ValuesMethod.Decimal) decodeDecimalValues(coded, n, into, at);
  else if (method === ValuesMethod.Xor) decodeXorValues(coded, n, into, at);
  else throw new RangeError(`Unknown value coding ${method}`);
}

import { BitReader, BitWriter } from './bit-stream.ts';

/**
 * Gorilla's XOR coding of doubles (Pelkonen et al., VLDB 2015; ADR 0045): each value as its bits
 * XOR the previous value's — one bit when equal, else the XOR's meaningful bits within the window of
 * the previous XOR or a new window. Exact for every double; what values that are not short decimals
 * (calculated metrics, noisy doubles) fall back to. A double is handled as two 32-bit halves.
 */

const double = new Float64Array(1);
const halves = new Uint32Array(double.buffer);
// The platform's byte order (ADR 0014): little-endian on x86 and ARM, where the low half comes first.
const LOW = 0;
const HIGH = 1;

const trailingZeros32 = (x: number) => 31 - Math.clz32(x & -x);

export function encodeXorValues(values: Float64Array): Uint8Array {
  const out = new BitWriter(8 + values.length);
  if (values.length === 0) return out.finish();
  double[0] = values[0]!;
  let high = halves[HIGH]!;
  let low = halves[LOW]!;
  out.write(high, 32);
  out.write(low, 32);
  let windowLeading = -1;
  let windowTrailing = 0;
  for (let i = 1; i < values.length; i++) {
    double[0] = values[i]!;
    const xHigh = (halves[HIGH]! ^ high) >>> 0;
    const xLow = (halves[LOW]! ^ low) >>> 0;
    high = halves[HIGH]!;
    low = halves[LOW]!;
    if (xHigh === 0 && xLow === 0) {
      out.write(0, 1);
      continue;
    }
    // leading zeros are counted up to 31 (5 bits); more are sent as meaningful bits
    const leading = Math.min(31, xHigh ? Math.clz32(xHigh) : 32 + Math.clz32(xLow));
    const trailing = xLow ? trailingZeros32(xLow) : 32 + trailingZeros32(xHigh);
    if (windowLeading >= 0 && leading >= windowLeading && trailing >= windowTrailing) {
      out.write(0b10, 2);
      writeMeaningful(out, xHigh, xLow, windowTrailing, 64 - windowLeading - windowTrailing);
    } else {
      const length = 64 - leading - trailing;
      out.write(0b11, 2);
      out.write(leading, 5);
      out.write(length - 1, 6);
      writeMeaningful(out, xHigh, xLow, trailing, length);
      windowLeading = leading;
      windowTrailing = trailing;
    }
  }
  return out.finish();
}

/** The `length` bits of the 64-bit (high, low) from bit `shift` up. */
function writeMeaningful(out: BitWriter, high: number, low: number, shift: number, length: number) {
  let h = high;
  let l = low;
  if (shift >= 32) {
    l = h >>> (shift - 32);
    h = 0;
  } else if (shift > 0) {
    l = ((l >>> shift) | (h << (32 - shift))) >>> 0;
    h >>>= shift;
  }
  if (length > 32) out.write(h, length - 32);
  out.write(l, Math.min(32, length));
}

/** Reads `n` values written by encodeXorValues into `into` from `at`. */
export function decodeXorValues(bytes: Uint8Array, n: number, into: Float64Array, at = 0) {
  if (n === 0) return;
  if (into.byteOffset % 8 !== 0) throw new RangeError('Unaligned output');
  const words = new Uint32Array(into.buffer, into.byteOffset, 2 * into.length);
  const input = new BitReader(bytes);
  let high = input.read(32);
  let low = input.read(32);
  words[2 * at + HIGH] = high;
  words[2 * at + LOW] = low;
  let windowLeading = 0;
  let windowTrailing = 0;
  for (let i = at + 1; i < at + n; i++) {
    if (input.read(1) === 1) {
      if (input.read(1) === 1) {
        windowLeading = input.read(5);
        windowTrailing = 64 - windowLeading - (input.read(6) + 1);
        if (windowTrailing < 0) throw new RangeError('A corrupt XOR window');
      }
      const length = 64 - windowLeading - windowTrailing;
      let h = length > 32 ? input.read(length - 32) : 0;
      let l = input.read(Math.min(32, length));
      const shift = windowTrailing;
      if (shift >= 32) {
        h = l << (shift - 32);
        l = 0;
      } else if (shift > 0) {
        h = (h << shift) | (l >>> (32 - shift));
        l <<= shift;
      }
      high = (high ^ h) >>> 0;
      low = (low ^ l) >>> 0;
    }
    words[2 * i + HIGH] = high;
    words[2 * i + LOW] = low;
  }
}

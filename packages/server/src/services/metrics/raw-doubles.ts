import type { ByteReader, ByteWriter } from './byte-stream.ts';

/** Doubles as their 8 bytes each, in the platform's byte order (little-endian on x86 and ARM): exact for any double. */
export function writeRawDoubles(out: ByteWriter, doubles: Float64Array) {
  out.bytes(new Uint8Array(doubles.buffer, doubles.byteOffset, doubles.byteLength));
}

/** Reads `n` doubles written by writeRawDoubles into `into` from `at`. */
export function readRawDoubles(input: ByteReader, n: number, into: Float64Array, at = 0) {
  const bytes = input.take(8 * n);
  new Uint8Array(into.buffer, into.byteOffset + 8 * at, 8 * n).set(bytes);
}

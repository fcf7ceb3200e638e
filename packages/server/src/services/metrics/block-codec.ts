import { ByteReader, ByteWriter } from './byte-stream.ts';
import { readTimes, writeTimes } from './block-times.ts';
import { readValues, writeValues } from './block-values.ts';

/**
 * The bytes of a day block (ADR 0045). The first byte names the format, so that it can evolve:
 * a new coding gets a new format byte and every format once written stays readable.
 *
 * - `Columns` (1): the count (varint), the times (block-times.ts), the values (block-values.ts).
 *   No general compressor over them: zstd saved 15 % more on the metrics workload but costs about
 *   80 µs a block to decompress, against 2–6 µs for a day of decimals (bench/block-codecs.ts).
 *
 * Blocks written before this format (ADR 0014) are raw: all times, then all values, as float64s, so
 * their length is a multiple of 16. A formatted block never is: when it would be, the format byte
 * gets PADDED and one zero byte is added at the end. The length alone tells the two apart.
 */

/** The first byte of a block, less PADDED: never renumbered (stored in blocks). */
const BlockFormat = { Columns: 1 } as const;
const PADDED = 0x80;

export interface Columns {
  times: Float64Array;
  values: Float64Array;
}

export function encodeColumns(block: Columns): Uint8Array {
  const n = block.times.length;
  const out = new ByteWriter(16 + 3 * n);
  out.byte(BlockFormat.Columns);
  out.varint(n);
  writeTimes(out, block.times);
  writeValues(out, block.values);
  const padded = out.length % 16 === 0;
  if (padded) out.byte(0);
  const data = out.finish();
  if (padded) data[0] = BlockFormat.Columns | PADDED;
  return data;
}

/** Whether `data` is a block written before formats existed (ADR 0014: raw float64s). */
export const isRawBlock = (data: Uint8Array) => data.length % 16 === 0;

export function decodeColumns(data: Uint8Array): Columns {
  if (isRawBlock(data)) return decodeRaw(data);
  const format = data[0]! & ~PADDED;
  const body = data.subarray(1, data[0]! & PADDED ? data.length - 1 : data.length);
  if (format === BlockFormat.Columns) return readColumns(body);
  throw new RangeError(`Unknown block format ${data[0]}`);
}

function readColumns(body: Uint8Array): Columns {
  const input = new ByteReader(body);
  const n = input.varint();
  const all = new Float64Array(2 * n);
  readTimes(input, n, all, 0);
  readValues(input, n, all, n);
  return { times: all.subarray(0, n), values: all.subarray(n) };
}

function decodeRaw(data: Uint8Array): Columns {
  // Float64Array views need 8-byte alignment; database drivers hand out buffers at any offset.
  const bytes = data.byteOffset % 8 === 0 ? data : data.slice();
  const all = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
  const n = all.length / 2;
  return { times: all.subarray(0, n), values: all.subarray(n) };
}

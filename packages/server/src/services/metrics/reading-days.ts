import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ByteReader, ByteWriter } from './byte-stream.ts';
import { readTimes, writeTimes } from './block-times.ts';
import { allCodable, readDifferences, writeDifferences } from './difference-coding.ts';
import { readRawDoubles, writeRawDoubles } from './raw-doubles.ts';

/**
 * The bytes of a reading day (ADR 0048): one channel's compacted readings of one UTC day without
 * their values, which the series blocks hold. A format byte first (as ADR 0045's blocks), then:
 * the count (varint); the read_at times (block-times.ts, shared with the series blocks); received_at
 * (a method byte, then differences of received_at or of received_at − read_at, whichever is
 * shorter); each reading's rest (its metrics JSON without the indexed values, reading-rest.ts) as
 * runs of (length, index) over the day's distinct texts, then those texts as UTF-8.
 *
 * - `Plain` (1): the above.
 * - `Deflated` (2): the same after the format byte, deflated (raw, no header), kept only when it
 *   saves a quarter or more. Unlike series blocks, which every chart decodes, reading days are read
 *   by lists, recomputation and resend lookups, so a ~50 µs inflate is affordable.
 */

/** The first byte of a reading day: never renumbered (stored in reading_days). */
const DayFormat = { Plain: 1, Deflated: 2 } as const;

/** How received_at is coded: never renumbered. */
const ReceivedMethod = { Raw: 0, Received: 1, Lag: 2 } as const;

/** Below this many bytes deflate is not tried: its framing outweighs what it could find. */
const DEFLATE_FROM_BYTES = 48;

/** One channel's readings of one day, in time order; `rests[i]` is the rest text of reading i. */
export interface ReadingDay {
  /** read_at, epoch ms, ascending, distinct */
  times: Float64Array;
  /** received_at, epoch ms */
  received: Float64Array;
  rests: string[];
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();

export function encodeReadingDay(day: ReadingDay): Uint8Array {
  const n = day.times.length;
  const out = new ByteWriter(32 + 4 * n);
  out.byte(DayFormat.Plain);
  out.varint(n);
  writeTimes(out, day.times);
  writeReceived(out, day.times, day.received);
  writeRests(out, day.rests);
  const plain = out.finish();
  if (plain.length < DEFLATE_FROM_BYTES) return plain;
  const deflated = deflateRawSync(plain.subarray(1));
  if (deflated.length + 1 > 0.75 * plain.length) return plain;
  const packed = new Uint8Array(deflated.length + 1);
  packed[0] = DayFormat.Deflated;
  packed.set(deflated, 1);
  return packed;
}

export function decodeReadingDay(data: Uint8Array): ReadingDay {
  const format = data[0];
  let body: Uint8Array;
  if (format === DayFormat.Plain) body = data.subarray(1);
  else if (format === DayFormat.Deflated) body = inflateRawSync(data.subarray(1));
  else throw new RangeError(`Unknown reading day format ${format}`);
  const input = new ByteReader(body);
  const n = input.varint();
  const times = new Float64Array(n);
  readTimes(input, n, times);
  const received = readReceived(input, times);
  const rests = readRests(input, n);
  if (input.offset !== body.length) throw new RangeError('A reading day has bytes after its end');
  return { times, received, rests };
}

function writeReceived(out: ByteWriter, times: Float64Array, received: Float64Array) {
  if (!allCodable(received) || !allCodable(times)) {
    out.byte(ReceivedMethod.Raw);
    writeRawDoubles(out, received);
    return;
  }
  // A batch shares one received_at (runs of zero differences); live readings arrive a steady lag
  // after their read_at. Both are tried: the shorter is kept.
  const asReceived = new ByteWriter(8 + received.length);
  writeDifferences(asReceived, received, 1);
  const lag = new Float64Array(received.length);
  for (let i = 0; i < lag.length; i++) lag[i] = received[i]! - times[i]!;
  const lagCodable = allCodable(lag);
  const asLag = new ByteWriter(8 + received.length);
  if (lagCodable) writeDifferences(asLag, lag, 1);
  const lagShorter = lagCodable && asLag.length < asReceived.length;
  out.byte(lagShorter ? ReceivedMethod.Lag : ReceivedMethod.Received);
  out.bytes((lagShorter ? asLag : asReceived).finish());
}

function readReceived(input: ByteReader, times: Float64Array): Float64Array {
  const n = times.length;
  const received = new Float64Array(n);
  const method = input.byte();
  if (method === ReceivedMethod.Raw) readRawDoubles(input, n, received);
  else if (method === ReceivedMethod.Received) readDifferences(input, n, 1, received);
  else if (method === ReceivedMethod.Lag) {
    readDifferences(input, n, 1, received);
    for (let i = 0; i < n; i++) received[i] = received[i]! + times[i]!;
  } else throw new RangeError(`Unknown received_at coding ${method}`);
  return received;
}

function writeRests(out: ByteWriter, rests: readonly string[]) {
  const texts: string[] = [];
  const index = new Map<string, number>();
  const runs: number[] = [];
  for (const rest of rests) {
    let k = index.get(rest);
    if (k === undefined) {
      index.set(rest, (k = texts.length));
      texts.push(rest);
    }
    if (runs.length && runs.at(-1) === k) runs[runs.length - 2] = runs[runs.length - 2]! + 1;
    else runs.push(1, k);
  }
  out.varint(runs.length / 2);
  for (const count of runs) out.varint(count);
  out.varint(texts.length);
  for (const text of texts) {
    const bytes = textEncoder.encode(text);
    out.varint(bytes.length);
    out.bytes(bytes);
  }
}

function readRests(input: ByteReader, n: number): string[] {
  const runs = new Array<number>(2 * input.varint());
  for (let i = 0; i < runs.length; i++) runs[i] = input.varint();
  const texts = new Array<string>(input.varint());
  for (let i = 0; i < texts.length; i++) texts[i] = textDecoder.decode(input.take(input.varint()));
  const rests: string[] = [];
  for (let i = 0; i < runs.length; i += 2) {
    const text = texts[runs[i + 1]!];
    if (text === undefined || rests.length + runs[i]! > n) throw new RangeError('A reading day’s rests do not fit');
    for (let j = 0; j < runs[i]!; j++) rests.push(text);
  }
  if (rests.length !== n) throw new RangeError('A reading day’s rests do not fit');
  return rests;
}

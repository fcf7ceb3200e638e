import { ByteReader, ByteWriter } from './byte-stream.ts';
import { allCodable, readDifferences, writeDifferences } from './difference-coding.ts';
import { readRawDoubles, writeRawDoubles } from './raw-doubles.ts';

/**
 * Times of a series (epoch ms, in order) as delta of delta (ADR 0045): a reading every 5 minutes is a
 * few bytes a day. Ingest's times are whole milliseconds (Date.parse); any other double (a fraction of
 * a millisecond, beyond ±2^49 ms, negative zero) makes the whole list raw doubles, so every time comes
 * back bit for bit.
 */

/** The byte naming how a list of times is coded: never renumbered (stored in blocks). */
const TimesMethod = { Raw: 0, DeltaOfDelta: 1 } as const;

export function writeTimes(out: ByteWriter, times: Float64Array) {
  if (allCodable(times)) {
    out.byte(TimesMethod.DeltaOfDelta);
    writeDifferences(out, times, 2);
  } else {
    out.byte(TimesMethod.Raw);
    writeRawDoubles(out, times);
  }
}

/** Reads `n` times written by writeTimes into `into` from `at`. */
export function readTimes(input: ByteReader, n: number, into: Float64Array, at = 0) {
  const method = input.byte();
  if (method === TimesMethod.DeltaOfDelta) readDifferences(input, n, 2, into, at);
  else if (method === TimesMethod.Raw) readRawDoubles(input, n, into, at);
  else throw new RangeError(`Unknown time coding ${method}`);
}

/** A list of times on its own (its count, then writeTimes), e.g. for metadata kept per reading. */
export function encodeTimes(times: Float64Array): Uint8Array {
  const out = new ByteWriter(16 + times.length);
  out.varint(times.length);
  writeTimes(out, times);
  return out.finish();
}

export function decodeTimes(bytes: Uint8Array): Float64Array {
  const input = new ByteReader(bytes);
  const times = new Float64Array(input.varint());
  readTimes(input, times.length, times);
  return times;
}

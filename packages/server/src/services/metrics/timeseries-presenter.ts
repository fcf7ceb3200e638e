import type { TimeseriesGroupBy } from '@vigil/domain';
import type { BucketSink } from './bucket-accumulator.ts';

/** A growable byte buffer for ASCII text. */
class ByteWriter {
  private buf = Buffer.allocUnsafe(512);
  length = 0;

  private room(n: number) {
    if (this.length + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }

  /** `text` must be ASCII (numbers, ISO times, punctuation). */
  ascii(text: string) {
    this.room(text.length);
    const buf = this.buf;
    let at = this.length;
    for (let i = 0; i < text.length; i++) buf[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /**
   * A finite number as JSON writes it (`String(value)`), `null` otherwise. Sensor values mostly have
   * a few decimals: those are written digit by digit, several times faster than `String`.
   */
  number(value: number) {
    const micros = Math.round(value * 1e6);
    // For |value| < 1e9 a double's spacing is below 1e-6, so when micros / 1e6 is exactly `value`,
    // that decimal is the only one of ≤ 6 decimals to read back as `value`, hence the shortest.
    if (micros / 1e6 !== value || !(Math.abs(value) < 1e9) || micros === 0) {
      this.ascii(Number.isFinite(value) ? String(value) : 'null');
      return;
    }
    this.room(20);
    const buf = this.buf;
    let at = this.length;
    if (micros < 0) buf[at++] = 45; // '-'
    const magnitude = Math.abs(micros);
    // Below 1e9 and 1e6, both parts fit in 32 bits: `| 0` keeps V8 on integer division and `%`,
    // where a double's `%` is a call to fmod for every digit.
    let whole = Math.floor(magnitude / 1e6) | 0;
    let fraction = (magnitude - whole * 1e6) | 0;
    let digits = 1;
    for (let w = whole; w >= 10; w = (w / 10) | 0) digits++;
    for (let d = digits - 1; d >= 0; d--) {
      buf[at + d] = 48 + (whole % 10);
      whole = (whole / 10) | 0;
    }
    at += digits;
    if (fraction) {
      buf[at++] = 46; // '.'
      let places = 6;
      while (fraction % 10 === 0) {
        fraction = (fraction / 10) | 0;
        places--;
      }
      for (let d = places - 1; d >= 0; d--) {
        buf[at + d] = 48 + (fraction % 10);
        fraction = (fraction / 10) | 0;
      }
      at += places;
    }
    this.length = at;
  }

  bytes(bytes: Uint8Array) {
    this.room(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  get view(): Buffer {
    return this.buf.subarray(0, this.length);
  }

  get capacity() {
    return this.buf.length;
  }
}

/**
 * Writers of answers already sent, for the next ones. A series of 2000 points grows its writer from
 * 512 bytes through 8 copies to 128 KB; Q1 of issue 5 (10 such series) allocated 2.5 MB of buffers a
 * call that way, and that memory outside V8's heap is what started most of its mark-compacts. Kept:
 * at most SPARE_WRITERS writers of at most SPARE_WRITER_BYTES each.
 */
const spareWriters: ByteWriter[] = [];
const SPARE_WRITERS = 32;
const SPARE_WRITER_BYTES = 1_048_576;

function takeWriter(): ByteWriter {
  const writer = spareWriters.pop();
  if (!writer) return new ByteWriter();
  writer.length = 0;
  return writer;
}

function giveBack(writer: ByteWriter) {
  if (spareWriters.length < SPARE_WRITERS && writer.capacity <= SPARE_WRITER_BYTES) spareWriters.push(writer);
}

/** `,"<ISO start>":` by bucket start: buckets are epoch-aligned, so charts share them across calls. */
const labelCache = new Map<number, Buffer>();
const LABEL_CACHE_LIMIT = 200_000;

/**
 * The last window's starts and their labels, filled as used: a chart asked again (every refresh, and
 * Q1 of issue 5) has the same windows, whose labels are then found without a Map lookup each.
 */
let lastWindow: { starts: readonly number[]; labels: Array<Buffer | undefined> } = { starts: [], labels: [] };

function sameStarts(a: readonly number[], b: readonly number[]) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function labelOf(start: number): Buffer {
  let label = labelCache.get(start);
  if (label === undefined) {
    if (labelCache.size >= LABEL_CACHE_LIMIT) labelCache.clear();
    label = Buffer.from(`,"${new Date(start).toISOString()}":`, 'latin1');
    labelCache.set(start, label);
  }
  return label;
}

/**
 * Writes the timeseries result (`{data: [{monitored_entity | data_point_id, values: {iso: value}}]}`)
 * as JSON bytes, one bucket at a time. A chart of 10 series × 2000 points is 20 000 members:
 * building them as objects and stringifying them costs more than the query, and so does formatting
 * each time alone (`toISOString`), or joining 40 000 small strings. So each bucket's `"start":` is
 * formatted once (and kept), and each key's members are written straight into its own buffer. With
 * `envelope`, each series also gets `envelope: {iso: [min, max]}` and `counts: {iso: n}` (ADR 0036).
 */
export class TimeseriesPresenter implements BucketSink {
  private readonly keyName: TimeseriesGroupBy;
  private readonly keys: readonly string[];
  private readonly writers: Array<ByteWriter | undefined>;
  private readonly extents: Array<{ envelope: ByteWriter; counts: ByteWriter } | undefined>;
  private readonly envelope: boolean;
  private starts: readonly number[] = [];
  private labels: Array<Buffer | undefined> = [];

  constructor(keyName: TimeseriesGroupBy, keys: readonly string[], envelope = false) {
    this.keyName = keyName;
    this.keys = keys;
    this.envelope = envelope;
    this.writers = keys.map(() => undefined);
    this.extents = keys.map(() => undefined);
  }

  window(starts: readonly number[]) {
    if (!sameStarts(lastWindow.starts, starts)) {
      lastWindow = { starts, labels: new Array<Buffer | undefined>(starts.length) };
    }
    this.starts = lastWindow.starts;
    this.labels = lastWindow.labels;
  }

  private label(index: number): Buffer {
    return (this.labels[index] ??= labelOf(this.starts[index]!));
  }

  point(key: number, index: number, value: number) {
    let writer = this.writers[key];
    if (!writer) this.writers[key] = writer = takeWriter();
    writer.bytes(this.label(index));
    writer.number(value);
  }

  extent(key: number, index: number, min: number, max: number, count: number) {
    if (!this.envelope) return;
    let extent = this.extents[key];
    if (!extent) this.extents[key] = extent = { envelope: takeWriter(), counts: takeWriter() };
    const label = this.label(index);
    extent.envelope.bytes(label);
    extent.envelope.ascii('[');
    extent.envelope.number(min);
    extent.envelope.ascii(',');
    extent.envelope.number(max);
    extent.envelope.ascii(']');
    extent.counts.bytes(label);
    extent.counts.number(count);
  }

  /** Series in key order; keys without any value in the range are left out. Called once, at the end. */
  toJson(): Buffer {
    const parts: Buffer[] = [];
    this.keys.forEach((key, i) => {
      const writer = this.writers[i];
      if (!writer) return;
      const head = `${parts.length ? ',' : ''}{"${this.keyName}":${JSON.stringify(key)},"values":{`;
      // Each member starts with a comma: the first one's is dropped.
      parts.push(Buffer.from(head, 'utf8'), writer.view.subarray(1));
      const extent = this.extents[i];
      if (extent) {
        parts.push(ENVELOPE, extent.envelope.view.subarray(1), COUNTS, extent.counts.view.subarray(1));
      }
      parts.push(CLOSE_SERIES);
    });
    const json = Buffer.concat([OPEN_DATA, ...parts, CLOSE_DATA]);
    // copied into `json`: the writers serve the next answer
    for (const writer of this.writers) if (writer) giveBack(writer);
    for (const extent of this.extents) if (extent) [extent.envelope, extent.counts].forEach(giveBack);
    this.writers.fill(undefined);
    this.extents.fill(undefined);
    return json;
  }
}

const ENVELOPE = Buffer.from('},"envelope":{');
const COUNTS = Buffer.from('},"counts":{');
const OPEN_DATA = Buffer.from('{"data":[');
const CLOSE_SERIES = Buffer.from('}}');
const CLOSE_DATA = Buffer.from(']}');

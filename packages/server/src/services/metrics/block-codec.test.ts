import { describe, expect, it } from 'vitest';
import { decodeColumns, encodeColumns, isRawBlock } from './block-codec.ts';
import { decodeTimes, encodeTimes } from './block-times.ts';
import { seededRandom, type SeededRandom } from '../../test-support/seeded-random.ts';

/**
 * The block codec returns every time and value bit for bit (ADR 0045): a property test over seeded
 * random series (no property-testing library is a dependency), then the cases that matter by name.
 */

const DAY = Date.UTC(2026, 10, 20);
const halves = new Uint32Array(2);
const asDouble = new Float64Array(halves.buffer);

/** Any double but NaN, from random bits. */
function anyDouble(r: SeededRandom) {
  for (;;) {
    halves[0] = r.int(2 ** 32);
    halves[1] = r.int(2 ** 32);
    if (!Number.isNaN(asDouble[0])) return asDouble[0]!;
  }
}

const EXTREMES = [
  0,
  -0,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  2.2250738585072014e-308, // the smallest normal
  2.225073858507201e-308, // the largest subnormal
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 60,
  1e15,
  -1e15,
  1e300,
  1e-300,
  Infinity,
  -Infinity,
  0.1,
  -12.345,
];

const TIME_KINDS = ['regular', 'gaps', 'irregular', 'fractional', 'huge', 'before 1970', 'any'] as const;

function timesOf(r: SeededRandom, kind: (typeof TIME_KINDS)[number], n: number): Float64Array {
  const step = r.pick([1000, 60_000, 300_000, 600_000, 3_600_000]);
  const times = new Float64Array(n);
  let t = kind === 'before 1970' ? -DAY : kind === 'huge' ? r.pick([2 ** 49 - 5 * step, 2 ** 53 - n * step]) : DAY;
  for (let i = 0; i < n; i++) {
    if (kind === 'any') t = anyDouble(r);
    times[i] = t;
    const skip = kind === 'gaps' && r.next() < 0.05 ? r.int(20) : 0;
    if (kind === 'irregular') t += 1 + r.int(4 * step);
    else if (kind === 'fractional') t += step + r.pick([0, 0.5, 0.125, 1 / 3]);
    else t += step * (1 + skip);
  }
  return times;
}

const VALUE_KINDS = ['decimals', 'decimals with an outlier', 'constant', 'extremes', 'noisy', 'smooth', 'any'] as const;

function valuesOf(r: SeededRandom, kind: (typeof VALUE_KINDS)[number], n: number): Float64Array {
  const values = new Float64Array(n);
  const decimals = r.int(7);
  let level = (r.next() - 0.5) * 10 ** r.int(6);
  const constant = r.pick(EXTREMES);
  for (let i = 0; i < n; i++) {
    level += (r.next() - 0.5) * 10 ** r.int(3);
    if (kind === 'decimals' || kind === 'decimals with an outlier') values[i] = Number(level.toFixed(decimals));
    else if (kind === 'constant') values[i] = r.next() < 0.02 ? r.pick(EXTREMES) : constant;
    else if (kind === 'extremes') values[i] = r.pick(EXTREMES);
    else if (kind === 'noisy') values[i] = level + r.next() * 1e-6;
    else if (kind === 'smooth') values[i] = 400 + Math.sin(i / 50) / 9.8068;
    else values[i] = anyDouble(r);
  }
  if (kind === 'decimals with an outlier' && n) values[r.int(n)] = r.pick(EXTREMES);
  return values;
}

const bits = (doubles: Float64Array) => Buffer.from(doubles.buffer, doubles.byteOffset, doubles.byteLength);

function expectRoundTrip(times: Float64Array, values: Float64Array, what: string) {
  const data = encodeColumns({ times, values });
  expect(isRawBlock(data), `${what}: taken for a raw block`).toBe(false);
  const back = decodeColumns(data);
  expect(bits(back.times).equals(bits(times)), `${what}: times`).toBe(true);
  expect(bits(back.values).equals(bits(values)), `${what}: values`).toBe(true);
}

describe('the block codec', () => {
  it('gives back random series bit for bit: any kind of times with any kind of values', () => {
    const r = seededRandom(45);
    for (let c = 0; c < 3000; c++) {
      const n = r.pick([0, 1, 2, 3, 17, 48, 288, 1440, r.int(3000)]);
      const timeKind = r.pick(TIME_KINDS);
      const valueKind = r.pick(VALUE_KINDS);
      expectRoundTrip(timesOf(r, timeKind, n), valuesOf(r, valueKind, n), `case ${c}: ${n} ${timeKind} ${valueKind}`);
    }
  });

  it('gives back negative zero, infinities, subnormals and the largest and smallest doubles', () => {
    const values = Float64Array.from(EXTREMES);
    expectRoundTrip(timesOf(seededRandom(1), 'regular', values.length), values, 'extremes');
    for (const v of EXTREMES) expectRoundTrip(Float64Array.of(DAY), Float64Array.of(v), `single ${v}`);
    expectRoundTrip(Float64Array.of(DAY, DAY + 1), Float64Array.of(1.5, -0), 'a decimal and negative zero');
  });

  it('keeps a day of 5-minute readings of three decimals under a byte a value, and a constant day in a few bytes', () => {
    const times = Float64Array.from({ length: 288 }, (_, i) => DAY + i * 300_000);
    const values = times.map((_, i) => Number((150 + 20 * Math.sin(i / 288)).toFixed(3)));
    expect(encodeColumns({ times, values }).length).toBeLessThan(288);
    expect(encodeColumns({ times, values: new Float64Array(288).fill(12.5) }).length).toBeLessThan(32);
  });

  it('reads blocks written before formats existed: times then values as float64s', () => {
    const times = Float64Array.of(DAY, DAY + 300_000, DAY + 600_000);
    const values = Float64Array.of(1.5, -0, Number.MAX_VALUE);
    const all = new Float64Array(6);
    all.set(times);
    all.set(values, 3);
    // at an odd offset, as a database driver may hand a blob over
    const stored = new Uint8Array(49);
    stored.set(new Uint8Array(all.buffer), 1);
    const back = decodeColumns(stored.subarray(1));
    expect(bits(back.times).equals(bits(times))).toBe(true);
    expect(bits(back.values).equals(bits(values))).toBe(true);
  });

  it('never writes a block whose length is a multiple of 16, which would read as a raw block', () => {
    const lengths = new Set<number>();
    for (let n = 0; n < 200; n++) {
      const r = seededRandom(n);
      for (const kind of VALUE_KINDS) {
        const data = encodeColumns({ times: timesOf(r, 'irregular', n), values: valuesOf(r, kind, n) });
        lengths.add(data.length % 16);
      }
    }
    expect(lengths.has(0)).toBe(false);
    expect(lengths.size).toBe(15);
  });

  it('refuses a block of an unknown format rather than reading garbage', () => {
    expect(() => decodeColumns(Uint8Array.of(9, 0, 0))).toThrow(/format/);
  });
});

describe('the time coding on its own', () => {
  it('gives back any list of times bit for bit', () => {
    const r = seededRandom(7);
    for (let c = 0; c < 1000; c++) {
      const kind = r.pick(TIME_KINDS);
      const times = timesOf(r, kind, r.pick([0, 1, 2, 288, r.int(2000)]));
      expect(bits(decodeTimes(encodeTimes(times))).equals(bits(times)), `case ${c}: ${kind}`).toBe(true);
    }
  });

  it('codes a regular clock with a gap in a few bytes', () => {
    const times = Float64Array.from({ length: 288 }, (_, i) => DAY + (i < 100 ? i : i + 12) * 300_000);
    expect(encodeTimes(times).length).toBeLessThan(32);
  });
});

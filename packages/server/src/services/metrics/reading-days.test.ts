import { describe, expect, it } from 'vitest';
import { seededRandom, type SeededRandom } from '../../test-support/seeded-random.ts';
import { decodeReadingDay, encodeReadingDay, type ReadingDay } from './reading-days.ts';
import { DAY_MS } from './time-units.ts';

/**
 * The reading-day codec gives back every reading's read_at, received_at and rest exactly (ADR 0048):
 * a property test over seeded random days, then the cases that matter by name.
 */

const DAY = Date.UTC(2026, 10, 20);
const LAST_MS = DAY + DAY_MS - 1;

const TIME_KINDS = ['regular', 'irregular', 'logger jitter', 'gappy'] as const;
const RECEIVED_KINDS = ['one batch', 'batches', 'live lag', 'before read_at', 'random'] as const;
const REST_KINDS = ['one context', 'runs', 'unicode', 'every one different'] as const;

const CONTEXT = '{"raw_metrics":{},"calculated_metrics":{},"context_metrics":{"tip_m":401.25},"invalid_metrics":{}}';
const UNICODE = [
  '{"context_metrics":{"cota":"presa ñandú — 水位 🌊"}}',
  '{"invalid_reasons":{"head_m":"Калибровка отсутствует"},"raw_metrics":{}}',
  '{"note":"\\u0000 nul, \\"quotes\\", \\\\ and 𝄞"}',
  '{}',
  '',
];

/** `n` distinct ascending times within the day, the last at the day's last ms when asked. */
function timesOf(r: SeededRandom, kind: (typeof TIME_KINDS)[number], n: number): Float64Array {
  const step = Math.max(1, Math.floor(DAY_MS / n));
  const times = new Float64Array(n);
  let t = DAY + r.int(step);
  for (let i = 0; i < n; i++) {
    times[i] = t;
    const room = LAST_MS - t - (n - i - 2);
    const gap =
      kind === 'regular'
        ? step
        : kind === 'logger jitter'
          ? step - 1000 + r.int(2000)
          : kind === 'gappy' && r.int(50) === 0
            ? step * (1 + r.int(20))
            : 1 + r.int(2 * step);
    t += Math.max(1, Math.min(gap, Math.floor(room / 2)));
  }
  return times;
}

function receivedOf(r: SeededRandom, kind: (typeof RECEIVED_KINDS)[number], times: Float64Array): Float64Array {
  const batch = LAST_MS + 60_000 + r.int(10_000_000);
  return times.map((t, i) => {
    switch (kind) {
      case 'one batch':
        return batch;
      case 'batches':
        return batch + Math.floor(i / 100) * 1000;
      case 'live lag':
        return t + 200 + r.int(2800);
      case 'before read_at':
        return t - 3_600_000 + r.int(1000); // a device clock ahead of the server's
      case 'random':
        return DAY - 10 * DAY_MS + r.int(20 * DAY_MS);
    }
  });
}

function restsOf(r: SeededRandom, kind: (typeof REST_KINDS)[number], n: number): string[] {
  const rests: string[] = [];
  while (rests.length < n) {
    const text =
      kind === 'one context'
        ? CONTEXT
        : kind === 'every one different'
          ? `{"context_metrics":{"k":${rests.length}}}`
          : kind === 'unicode'
            ? r.pick(UNICODE)
            : r.pick([CONTEXT, '{"invalid_reasons":{"head_m":"No calibration in effect at read_at"}}']);
    const run = kind === 'runs' ? 1 + r.int(40) : 1;
    for (let i = 0; i < run && rests.length < n; i++) rests.push(text);
  }
  return rests;
}

function expectRoundTrip(day: ReadingDay, label: string) {
  const data = encodeReadingDay(day);
  const back = decodeReadingDay(data);
  expect(Array.from(back.times), `${label}: times`).toEqual(Array.from(day.times));
  expect(Array.from(back.received), `${label}: received_at`).toEqual(Array.from(day.received));
  expect(back.rests, `${label}: rests`).toEqual(day.rests);
  return data;
}

describe('reading days (ADR 0048)', () => {
  it('gives back random days exactly: every kind of times with every kind of received_at and rests', () => {
    const r = seededRandom(48);
    for (const timeKind of TIME_KINDS) {
      for (const receivedKind of RECEIVED_KINDS) {
        for (const restKind of REST_KINDS) {
          for (const n of [1, 2, 3, 17, 288, 1 + r.int(2000)]) {
            const times = timesOf(r, timeKind, n);
            expect(times.every((t, i) => t >= DAY && t <= LAST_MS && (i === 0 || t > times[i - 1]!))).toBe(true);
            const day = { times, received: receivedOf(r, receivedKind, times), rests: restsOf(r, restKind, n) };
            expectRoundTrip(day, `${timeKind} / ${receivedKind} / ${restKind} / ${n}`);
          }
        }
      }
    }
  });

  it('keeps one reading, and a reading at the day’s first and last millisecond', () => {
    expectRoundTrip({ times: Float64Array.of(LAST_MS), received: Float64Array.of(LAST_MS + 5), rests: ['{}'] }, 'one');
    expectRoundTrip(
      { times: Float64Array.of(DAY, LAST_MS), received: Float64Array.of(LAST_MS + 1, DAY - 1), rests: ['', CONTEXT] },
      'first and last ms',
    );
    expectRoundTrip({ times: new Float64Array(0), received: new Float64Array(0), rests: [] }, 'none');
  });

  it('keeps received_at before and after read_at, and times that are not whole milliseconds', () => {
    const times = Float64Array.of(DAY + 1000, DAY + 2000, DAY + 3000);
    expectRoundTrip(
      { times, received: Float64Array.of(DAY - 5, DAY + 2500, DAY + 2999), rests: ['a', 'a', 'a'] },
      'around',
    );
    expectRoundTrip(
      { times: Float64Array.of(DAY + 0.5, DAY + 1.25), received: Float64Array.of(-0, 2 ** 60), rests: ['x', 'y'] },
      'fractions and extremes',
    );
  });

  it('codes a regular day in a few bytes, and deflates only when it saves a quarter', () => {
    const r = seededRandom(5);
    const times = timesOf(r, 'regular', 288);
    const oneBatch = expectRoundTrip(
      { times, received: receivedOf(r, 'one batch', times), rests: restsOf(r, 'one context', 288) },
      'bench',
    );
    expect(oneBatch.length).toBeLessThan(CONTEXT.length + 40);
    const live = expectRoundTrip(
      { times, received: receivedOf(r, 'live lag', times), rests: restsOf(r, 'one context', 288) },
      'live',
    );
    // about 11 bits of received_at a reading are information: a few bytes a reading, not 8
    expect(live.length).toBeLessThan(4 * 288);
    // a format byte names plain (1) or deflated (2); deflated is kept only when a quarter smaller
    const manyTexts = encodeReadingDay({
      times,
      received: receivedOf(r, 'one batch', times),
      rests: restsOf(r, 'every one different', 288),
    });
    expect(manyTexts[0]).toBe(2);
    expect(
      expectRoundTrip({ times: Float64Array.of(DAY), received: Float64Array.of(DAY), rests: [''] }, 'tiny')[0],
    ).toBe(1);
  });

  it('keeps a day of a reading every second (n = 86,400)', () => {
    const r = seededRandom(86_400);
    const times = Float64Array.from({ length: 86_400 }, (_, i) => DAY + i * 1000);
    const data = expectRoundTrip(
      { times, received: receivedOf(r, 'live lag', times), rests: restsOf(r, 'runs', 86_400) },
      'every second',
    );
    expect(data.length).toBeLessThan(3 * 86_400);
  });

  it('refuses bytes it did not write', () => {
    expect(() => decodeReadingDay(Uint8Array.of(9, 0))).toThrow(/format/);
    const good = encodeReadingDay({ times: Float64Array.of(DAY), received: Float64Array.of(DAY), rests: ['x'] });
    expect(() => decodeReadingDay(good.subarray(0, good.length - 1))).toThrow(RangeError);
    expect(() => decodeReadingDay(Uint8Array.from([...good, 0]))).toThrow(RangeError);
  });
});

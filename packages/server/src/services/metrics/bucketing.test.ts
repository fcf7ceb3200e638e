import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  fixedBuckets,
  indexerOf,
  monthBuckets,
  piecesOf,
  weekBuckets,
  windowsOf,
  wholeRange,
} from './bucketing.ts';

const ms = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

describe('piecesOf', () => {
  it('reads whole days from daily rollups, whole hours at the edges from hourly ones, the rest raw', () => {
    const pieces = piecesOf(ms('2026-08-21T05:17:33Z'), ms('2026-08-24T13:41:07Z'), 'day');
    expect(pieces.map((p) => [p.source, iso(p.from), iso(p.end)])).toEqual([
      ['raw', '2026-08-21T05:17:33.000Z', '2026-08-21T06:00:00.000Z'],
      ['hour', '2026-08-21T06:00:00.000Z', '2026-08-22T00:00:00.000Z'],
      ['day', '2026-08-22T00:00:00.000Z', '2026-08-24T00:00:00.000Z'],
      ['hour', '2026-08-24T00:00:00.000Z', '2026-08-24T13:00:00.000Z'],
      ['raw', '2026-08-24T13:00:00.000Z', '2026-08-24T13:41:07.000Z'],
    ]);
  });

  it('falls back to finer levels when no whole period fits, and leaves out empty edges', () => {
    expect(piecesOf(ms('2026-08-21T05:00:00Z'), ms('2026-08-21T07:00:00Z'), 'day')).toEqual([
      { source: 'hour', from: ms('2026-08-21T05:00:00Z'), end: ms('2026-08-21T07:00:00Z') },
    ]);
    expect(piecesOf(ms('2026-08-21T05:10:00Z'), ms('2026-08-21T05:20:00Z'), 'hour')).toEqual([
      { source: 'raw', from: ms('2026-08-21T05:10:00Z'), end: ms('2026-08-21T05:20:00Z') },
    ]);
    expect(piecesOf(5, 5, 'day')).toEqual([]);
  });
});

describe('buckets', () => {
  it('uses rollups only when every bucket boundary is a whole hour or day', () => {
    expect(fixedBuckets(HOUR_MS).source).toBe('hour');
    expect(fixedBuckets(2 * DAY_MS).source).toBe('day');
    expect(fixedBuckets(90 * 60_000).source).toBe('raw');
    expect(weekBuckets().source).toBe('day');
    expect(monthBuckets().source).toBe('day');
  });

  it('starts weeks on Monday and months on the first, in UTC', () => {
    const week = weekBuckets();
    expect(iso(week.startOf(ms('2026-11-22T23:59:59Z')))).toBe('2026-11-16T00:00:00.000Z'); // a Sunday
    expect(iso(week.startOf(ms('2026-11-23T00:00:00Z')))).toBe('2026-11-23T00:00:00.000Z');
    const month = monthBuckets();
    expect(iso(month.startOf(ms('2026-02-28T12:00:00Z')))).toBe('2026-02-01T00:00:00.000Z');
    expect(iso(month.next(ms('2026-12-01T00:00:00Z')))).toBe('2027-01-01T00:00:00.000Z');
  });

  it('cuts a range into windows of whole buckets within the limits, and indexes times in them', () => {
    const buckets = fixedBuckets(HOUR_MS);
    const windows = [
      ...windowsOf(buckets, ms('2026-08-21T05:17:00Z'), ms('2026-08-21T10:30:00Z'), {
        maxBuckets: 2,
        maxSpanMs: DAY_MS,
      }),
    ];
    expect(windows.map((w) => [iso(w.from), iso(w.end), w.starts.length])).toEqual([
      ['2026-08-21T05:17:00.000Z', '2026-08-21T07:00:00.000Z', 2],
      ['2026-08-21T07:00:00.000Z', '2026-08-21T09:00:00.000Z', 2],
      ['2026-08-21T09:00:00.000Z', '2026-08-21T10:30:00.000Z', 2],
    ]);
    expect(indexerOf(buckets, windows[1]!)(ms('2026-08-21T08:59:59Z'))).toBe(1);
    const months = monthBuckets();
    const [year] = [
      ...windowsOf(months, ms('2026-01-15T00:00:00Z'), ms('2026-12-15T00:00:00Z'), {
        maxBuckets: 100,
        maxSpanMs: 400 * DAY_MS,
      }),
    ];
    expect(year!.starts).toHaveLength(12);
    expect(indexerOf(months, year!)(ms('2026-03-31T23:59:59Z'))).toBe(2);
    expect([...windowsOf(wholeRange(10, 20), 10, 20, { maxBuckets: 1, maxSpanMs: 1 })]).toEqual([
      { from: 10, end: 20, starts: [10] },
    ]);
  });
});

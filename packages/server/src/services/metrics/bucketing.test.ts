import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  fixedBuckets,
  indexerOf,
  monthBuckets,
  weekBuckets,
  windowsOf,
  wholeRange,
} from './bucketing.ts';

const ms = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

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

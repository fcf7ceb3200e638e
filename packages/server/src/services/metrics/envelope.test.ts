import { describe, expect, it } from 'vitest';
import { WindowAccumulator, type BucketSink } from './bucket-accumulator.ts';
import { fixedBuckets, HOUR_MS, windowsOf } from './bucketing.ts';

/**
 * A crafted series whose every spike is known: a flat signal at 10 with one reading of 26.26 (a rain
 * gauge's breach) at a chosen minute. Whatever the minute and the bucket width, the bucket holding
 * the spike keeps it as its maximum, while its average hides it (ADR 0036).
 */
const MINUTE = 60_000;
const FROM = Date.parse('2026-11-01T00:00:00Z');
const MINUTES = 6 * 60;

function bucketsOf(spikeAt: number, width: number) {
  const bucketing = fixedBuckets(width);
  const [window] = [
    ...windowsOf(bucketing, FROM, FROM + MINUTES * MINUTE, { maxBuckets: 10_000, maxSpanMs: 10 * HOUR_MS }),
  ];
  const acc = new WindowAccumulator(bucketing, window!, 1);
  for (let m = 0; m < MINUTES; m++) acc.addValue(0, FROM + m * MINUTE, m === spikeAt ? 26.26 : 10);
  const out: Array<{ start: number; avg: number; min: number; max: number; count: number }> = [];
  let starts: readonly number[] = [];
  const sink: BucketSink = {
    window: (s) => (starts = s),
    point: (_, i, avg) => out.push({ start: starts[i]!, avg, min: NaN, max: NaN, count: 0 }),
    extent: (_, __, min, max, count) => Object.assign(out.at(-1)!, { min, max, count }),
  };
  acc.emit('avg', sink, true);
  return out;
}

describe('envelopes', () => {
  for (const width of [5 * MINUTE, 17 * MINUTE, HOUR_MS, 6 * HOUR_MS]) {
    it(`keep a single reading's spike at any position in buckets of ${width / MINUTE} minutes`, () => {
      for (const spikeAt of [0, 1, 59, 60, 137, MINUTES - 1]) {
        const buckets = bucketsOf(spikeAt, width);
        const holding = buckets.find(
          (b) => b.start <= FROM + spikeAt * MINUTE && FROM + spikeAt * MINUTE < b.start + width,
        )!;
        expect(holding.max, `spike at minute ${spikeAt}`).toBe(26.26);
        expect(holding.min).toBe(10);
        expect(holding.avg).toBeLessThan(26.26);
        for (const b of buckets.filter((x) => x !== holding)) expect([b.min, b.max]).toEqual([10, 10]);
        expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(MINUTES);
      }
    });
  }
});

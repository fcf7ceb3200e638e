import { describe, expect, it } from 'vitest';
import { nelsonRule1 } from './nelson.ts';
import { aggregatePeriods, periodStartOf, pooledStatistics, rule1Sigmas } from './period-statistics.ts';

const HOUR = 3_600_000;

describe('period aggregates', () => {
  it('group readings by period, each with its count, mean and spread', () => {
    const times = [0, 10, HOUR - 1, HOUR, 3 * HOUR + 5];
    const periods = aggregatePeriods(times, [1, 2, 3, 10, 7], HOUR);
    expect(periods.map((p) => [p.start, p.n, p.mean, p.m2])).toEqual([
      [0, 3, 2, 2],
      [HOUR, 1, 10, 0],
      [3 * HOUR, 1, 7, 0],
    ]);
    expect(periodStartOf(Date.parse('2026-11-01T10:59:59Z'), HOUR)).toBe(Date.parse('2026-11-01T10:00:00Z'));
  });

  it('pool their readings into the mean and σ of all of them, large values with small spread included', () => {
    const values = Array.from({ length: 240 }, (_, i) => 1163.3 + 0.05 * Math.sin(i * 1.7) + (i > 120 ? 0.02 : 0));
    const times = values.map((_, i) => i * 60_000);
    const pooled = pooledStatistics(aggregatePeriods(times, values, HOUR));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const direct = { mean, stddev: Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length) };
    expect(pooled.count).toBe(4);
    expect(pooled.mean).toBeCloseTo(direct.mean, 10);
    expect(pooled.stddev).toBeCloseTo(direct.stddev, 10);
  });
});

describe('rule 1 at each reading', () => {
  it('keeps the false-alarm rate of one point a period beyond 3σ, however densely a period is read', () => {
    expect(rule1Sigmas(1)).toBe(3);
    expect(rule1Sigmas(60)).toBeCloseTo(4.08, 2);
    expect(rule1Sigmas(720)).toBeCloseTo(4.62, 2);
  });

  it('fires beyond the given σ of a baseline of at least twenty periods, and not without one', () => {
    const stats = { mean: 10, stddev: 1, count: 20 };
    expect(nelsonRule1(13.1, stats)).toBe(true);
    expect(nelsonRule1(6.9, stats)).toBe(true);
    expect(nelsonRule1(13.1, stats, 4.08)).toBe(false);
    expect(nelsonRule1(13, stats)).toBe(false);
    expect(nelsonRule1(50, { ...stats, count: 19 })).toBeNull();
    expect(nelsonRule1(50, { ...stats, stddev: 0 })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { metricDefinition, metricLimit } from './schemes.ts';

const pressure = { key: 'pressure', label: 'Pressure', unit: 'kPa' };
const limit = { group: 'raw_metrics', metric: 'pressure', level: 'critical', bound: 'upper', value: 300 };

describe('scheme metrics', () => {
  it('take a statistics period that lines up with UTC days', () => {
    for (const seconds of [60, 600, 3600, 21_600, 86_400, 172_800]) {
      expect(metricDefinition.safeParse({ ...pressure, statistics_period: seconds }).success, `${seconds}`).toBe(true);
    }
    for (const seconds of [0, 59, 7000, 90_000, 8 * 86_400, 3600.5]) {
      expect(metricDefinition.safeParse({ ...pressure, statistics_period: seconds }).success, `${seconds}`).toBe(false);
    }
    expect(metricDefinition.parse(pressure)).toEqual(pressure);
  });
});

describe('metric limits', () => {
  it('take a deadband and delays, each optional and within bounds', () => {
    const full = { ...limit, deadband: 0.5, on_delay: 0, on_delay_readings: 3, off_delay: 300 };
    expect(metricLimit.parse(full)).toEqual(full);
    expect(metricLimit.parse(limit)).toEqual(limit);
    for (const bad of [
      { deadband: -1 },
      { on_delay: -5 },
      { on_delay: 1.5 },
      { on_delay: 86_401 },
      { on_delay_readings: 0 },
      { off_delay: 90_000 },
    ]) {
      expect(metricLimit.safeParse({ ...limit, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { compareReadings, nearestWithin } from './check-readings.ts';

const MIN = 60_000;

describe('the logger reading a manual reading is checked against', () => {
  const at = (minutes: number) => ({ t: minutes * MIN });

  it('is the nearest in time within the tolerance, either side', () => {
    expect(nearestWithin([at(-20), at(10), at(40)], 0, 30 * MIN)).toEqual(at(10));
    expect(nearestWithin([at(-5), at(10)], 0, 30 * MIN)).toEqual(at(-5));
  });

  it('is none when no logger reading is within 30 minutes', () => {
    expect(nearestWithin([at(-31), at(45)], 0, 30 * MIN)).toBeUndefined();
    expect(nearestWithin([], 0, 30 * MIN)).toBeUndefined();
  });

  it('is taken at exactly the tolerance, and of two equally near the earlier', () => {
    expect(nearestWithin([at(30)], 0, 30 * MIN)).toEqual(at(30));
    expect(nearestWithin([at(10), at(-10)], 0, 30 * MIN)).toEqual(at(-10));
  });
});

describe('the comparison', () => {
  it('gives manual − logger for each metric both have, calculated ones first', () => {
    const checks = compareReadings(
      { raw_metrics: { pressure: 265.3, temperature: 14 }, calculated_metrics: { piezometric_level: 1163.55 } },
      { raw_metrics: { pressure: 265.0 }, calculated_metrics: { piezometric_level: 1163.52 } },
    );
    expect(checks).toEqual([
      { group: 'calculated_metrics', metric: 'piezometric_level', manual: 1163.55, logger: 1163.52, difference: 0.03 },
      { group: 'raw_metrics', metric: 'pressure', manual: 265.3, logger: 265.0, difference: 0.3 },
    ]);
  });

  it('leaves out a metric the logger did not give', () => {
    expect(compareReadings({ raw_metrics: { reading: 8123.4 } }, { raw_metrics: {} })).toEqual([]);
  });
});

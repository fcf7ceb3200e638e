import { describe, expect, it } from 'vitest';
import { chartLimits } from './chart-limits.ts';

describe('chartLimits', () => {
  it("takes a metric's warning and critical limits, not those of its other metrics", () => {
    const device = {
      metric_limits: [
        { group: 'raw_metrics', metric: 'rainfall', level: 'warning', bound: 'upper', value: 10 },
        { group: 'raw_metrics', metric: 'rainfall', level: 'critical', bound: 'upper', value: 25 },
        { group: 'raw_metrics', metric: 'wind_speed', level: 'warning', bound: 'upper', value: 20 },
        { group: 'calculated_metrics', metric: 'rainfall', level: 'warning', bound: 'upper', value: 99 },
      ],
    } as const;
    expect(chartLimits(device as never, 'raw_metrics.rainfall', 'levels')).toEqual([
      { level: 'warning', bound: 'upper', value: 10 },
      { level: 'critical', bound: 'upper', value: 25 },
    ]);
  });

  it("takes a metric's invalid bounds for quality events", () => {
    const device = {
      scheme: { spec: { invalid_bounds: [{ group: 'raw_metrics', metric: 'pressure', bound: 'lower', value: -20 }] } },
    };
    expect(chartLimits(device as never, 'pressure', 'invalid')).toEqual([
      { level: 'invalid', bound: 'lower', value: -20 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { chartLimits } from './chart-limits.ts';
import { linePath, niceTicks, valueDomain } from './chart-geometry.ts';

describe('the event chart', () => {
  it('puts ticks on round values', () => {
    expect(niceTicks(0, 10)).toEqual([0, 5, 10]);
    expect(niceTicks(101.3, 104.9)).toEqual([102, 103, 104]);
  });

  it('draws the limits inside the chart, even far from the values', () => {
    const [min, max] = valueDomain([10, 12], [25]);
    expect(min).toBeLessThan(10);
    expect(max).toBeGreaterThan(25);
  });

  it('breaks the line across a long gap in the readings', () => {
    const path = linePath(
      [
        { t: 0, v: 1 },
        { t: 10, v: 2 },
        { t: 100, v: 3 },
      ],
      (t) => t,
      (v) => v,
      50,
    );
    expect(path).toBe('M0.0,1.0 L10.0,2.0 M100.0,3.0');
  });

  it("takes a metric's warning and critical limits, coloured by level", () => {
    const device = {
      metric_limits: [
        { group: 'raw_metrics', metric: 'rainfall', level: 'warning', bound: 'upper', value: 10 },
        { group: 'raw_metrics', metric: 'rainfall', level: 'critical', bound: 'upper', value: 25 },
        { group: 'raw_metrics', metric: 'wind_speed', level: 'warning', bound: 'upper', value: 20 },
      ],
    } as const;
    expect(chartLimits(device as never, 'raw_metrics.rainfall', 'levels')).toEqual([
      { name: 'warning_upper', value: 10, colour: '#F5A623' },
      { name: 'critical_upper', value: 25, colour: '#D0021B' },
    ]);
  });

  it("takes a metric's invalid bounds for quality events", () => {
    const device = {
      scheme: { spec: { invalid_bounds: [{ group: 'raw_metrics', metric: 'pressure', bound: 'lower', value: -20 }] } },
    };
    expect(chartLimits(device as never, 'pressure', 'invalid')).toEqual([
      { name: 'invalid_lower', value: -20, colour: '#4A90E2' },
    ]);
  });
});

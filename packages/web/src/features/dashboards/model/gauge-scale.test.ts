import type { MetricLimit } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { gaugeScale, zoneOf } from './gauge-scale.ts';

const limit = (level: 'warning' | 'critical', bound: 'upper' | 'lower', value: number): MetricLimit => ({
  group: 'calculated_metrics',
  metric: 'piezometric_level',
  level,
  bound,
  value,
});

describe('gauge scale', () => {
  it('spans the limits and the value with a tenth to spare, bands by limit', () => {
    const scale = gaugeScale(100, [limit('warning', 'upper', 105), limit('critical', 'upper', 110)]);
    expect(scale.min).toBe(99);
    expect(scale.max).toBe(111);
    expect(scale.bands).toEqual([
      { from: 99, to: 105, zone: 'normal' },
      { from: 105, to: 110, zone: 'warning' },
      { from: 110, to: 111, zone: 'critical' },
    ]);
    expect(zoneOf(scale, 100)).toBe('normal');
    expect(zoneOf(scale, 107)).toBe('warning');
    expect(zoneOf(scale, 110.5)).toBe('critical');
  });

  it('has critical and warning bands below lower limits too', () => {
    const scale = gaugeScale(2, [
      limit('critical', 'lower', 1),
      limit('warning', 'lower', 3),
      limit('warning', 'upper', 9),
    ]);
    expect(scale.bands.map((b) => b.zone)).toEqual(['critical', 'warning', 'normal', 'warning']);
    expect(zoneOf(scale, 2)).toBe('warning');
  });

  it('centres a value without limits', () => {
    expect(gaugeScale(50, [])).toMatchObject({ bands: [{ zone: 'normal' }] });
    const scale = gaugeScale(50, []);
    expect(scale.min).toBeLessThan(50);
    expect(scale.max).toBeGreaterThan(50);
    expect(gaugeScale(null, []).bands).toHaveLength(1);
  });
});

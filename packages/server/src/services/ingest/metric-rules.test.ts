import { describe, expect, it } from 'vitest';
import { compileScheme, deriveMetrics, numericContext } from './metric-rules.ts';

const POND = JSON.stringify({
  metrics: {
    raw_metrics: [{ key: 'pressure', label: 'Pressure', unit: 'kPa' }],
    calculated_metrics: [
      { key: 'water_level', label: 'Water level', unit: 'm', formula: 'sensor_elevation + pressure / 9.8068' },
      { key: 'freeboard', label: 'Freeboard', unit: 'm', formula: 'crest_elevation - water_level' },
      { key: 'ratio', label: 'Ratio', unit: '', formula: 'pressure / (pressure - pressure)' },
      { key: 'blown_up', label: 'Blown up', unit: '', formula: 'pressure * 1e300' },
    ],
    context_metrics: [{ key: 'sensor_elevation', label: 'Sensor', unit: 'm' }],
    user_metrics: [],
  },
  metric_limits: [],
  invalid_bounds: [
    { group: 'raw_metrics', metric: 'pressure', bound: 'lower', value: -5 },
    { group: 'raw_metrics', metric: 'pressure', bound: 'upper', value: 350 },
    { group: 'raw_metrics', metric: 'pressure', bound: 'upper', value: 300 },
    { group: 'calculated_metrics', metric: 'freeboard', bound: 'lower', value: 0 },
  ],
});

describe('scheme rules of ingest', () => {
  const scheme = compileScheme(POND);
  const context = { sensor_elevation: 1160, crest_elevation: 1180 };

  it('evaluates calculated metrics in order, each seeing the ones before it', () => {
    const metrics = deriveMetrics(scheme, { pressure: 98.068 }, context);
    expect(metrics.raw_metrics).toEqual({ pressure: 98.068 });
    expect(metrics.calculated_metrics.water_level).toBeCloseTo(1170, 9);
    expect(metrics.calculated_metrics.freeboard).toBeCloseTo(10, 9);
    // a division by zero gives no value rather than Infinity
    expect(metrics.calculated_metrics).not.toHaveProperty('ratio');
  });

  it('gives no value for a formula beyond the largest magnitude a sensor value may have, as for Infinity', () => {
    const metrics = deriveMetrics(scheme, { pressure: 98.068 }, context);
    expect(metrics.calculated_metrics).not.toHaveProperty('blown_up');
    expect(metrics.invalid_metrics).not.toHaveProperty('blown_up');
    expect(deriveMetrics(scheme, { pressure: 0 }, context).calculated_metrics.blown_up).toBe(0);
  });

  it('keeps only declared context metrics in the reading, but lets formulas read every context value', () => {
    expect(deriveMetrics(scheme, { pressure: 1 }, context).context_metrics).toEqual({ sensor_elevation: 1160 });
  });

  it('uses the tightest of several bounds, and checks calculated values too', () => {
    expect(deriveMetrics(scheme, { pressure: 320 }, context).invalid_metrics).toEqual({ pressure: 320 });
    expect(deriveMetrics(scheme, { pressure: -5 }, context).raw_metrics).toEqual({ pressure: -5 });
    const flooded = deriveMetrics(scheme, { pressure: 250 }, context);
    expect(flooded.invalid_metrics.freeboard).toBeCloseTo(20 - 250 / 9.8068, 9);
    expect(flooded.calculated_metrics).not.toHaveProperty('freeboard');
  });

  it('computes nothing from an invalid raw value, nor from a missing one', () => {
    const metrics = deriveMetrics(scheme, { pressure: 999 }, context);
    expect(metrics.calculated_metrics).toEqual({});
    expect(deriveMetrics(scheme, {}, context).calculated_metrics).toEqual({});
  });

  it('reads a spec the registry would refuse as far as it goes', () => {
    const broken = compileScheme(
      JSON.stringify({
        metrics: {
          raw_metrics: [{ key: 'a' }],
          calculated_metrics: [
            { key: 'b', formula: 'a +' },
            { key: 'c', formula: 'a * 2' },
          ],
        },
      }),
    );
    expect([...broken.rawKeys]).toEqual(['a']);
    expect(deriveMetrics(broken, { a: 2 }, {}).calculated_metrics).toEqual({ c: 4 });
    expect(compileScheme('not json').rawKeys.size).toBe(0);
  });

  it('takes only the numeric values of an entity context', () => {
    expect(numericContext('{"tip_elevation": 412.3, "note": "x", "depth": null}')).toEqual({ tip_elevation: 412.3 });
    expect(numericContext('oops')).toEqual({});
  });
});

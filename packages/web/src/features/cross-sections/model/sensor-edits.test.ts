import type { SchemeRef } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { chainageOf, defaultMetric, effectiveLocation, freeId, locationAtChainage } from './sensor-edits.ts';

const metric = (key: string) => ({ key, label: key, unit: 'm' });
const scheme = (metrics: Partial<SchemeRef['spec']['metrics']>): Pick<SchemeRef, 'spec'> => ({
  spec: {
    metrics: {
      raw_metrics: [],
      calculated_metrics: [],
      context_metrics: [],
      invalid_metrics: [],
      user_metrics: [],
      ...metrics,
    } as SchemeRef['spec']['metrics'],
    metric_limits: [],
    invalid_bounds: [],
  },
});

describe('defaultMetric', () => {
  it("shows a piezometer's piezometric level", () => {
    expect(
      defaultMetric(
        scheme({ raw_metrics: [metric('pressure')], calculated_metrics: [metric('piezometric_level')] as never }),
      ),
    ).toEqual({ metric_type: 'calculated_metrics', metric_field: 'piezometric_level' });
  });

  it('else the first calculated, raw or context metric, or none without a scheme', () => {
    expect(defaultMetric(scheme({ raw_metrics: [metric('level')] }))).toEqual({
      metric_type: 'raw_metrics',
      metric_field: 'level',
    });
    expect(defaultMetric(undefined)).toBeNull();
  });
});

describe('freeId', () => {
  it("takes the device's EID, numbered when it is on the section already", () => {
    expect(freeId('PZ-01', [])).toBe('PZ-01');
    expect(freeId('PZ-01', [{ id: 'PZ-01' }, { id: 'PZ-01-2' }])).toBe('PZ-01-3');
  });
});

describe('placing by chainage', () => {
  const line = { x0: { lat: 0, lng: 0 }, xMax: { lat: 0, lng: 0.0025 }, distance: 280 };

  it('puts a sensor typed in by chainage on the line, where the projection finds it again', () => {
    const at = locationAtChainage(70, line);
    expect(at).toEqual({ lat: 0, lng: 0.000625 });
    expect(chainageOf(at, line)).toBeCloseTo(70, 6);
  });

  it("uses the sensor's own location, else its device's", () => {
    const devices = new Map([['d1', { lat: 1, lng: 2 }]]);
    expect(effectiveLocation({ device_id: 'd1', location: null }, devices)).toEqual({ lat: 1, lng: 2 });
    expect(effectiveLocation({ device_id: 'd1', location: { lat: 3, lng: 4 } }, devices)).toEqual({ lat: 3, lng: 4 });
    expect(effectiveLocation({ device_id: 'd2', location: null }, devices)).toBeNull();
  });

  it('cannot place without a line', () => {
    expect(chainageOf({ lat: 0, lng: 0 }, { ...line, x0: null })).toBeNull();
  });
});

import type { SchemeObject } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../../api/registry.ts';
import { choosesDevices, choosesGroup, choosesMetric, isInclinometerScheme, metricsOfDevices } from './card-choices.ts';

const metric = (key: string, unit = 'mm') => ({ key, label: key, unit });
const scheme = (id: string, raw: string[], calculated: string[] = []) =>
  ({
    id,
    spec: { metrics: { raw_metrics: raw.map((k) => metric(k)), calculated_metrics: calculated.map((k) => metric(k)) } },
  }) as unknown as SchemeObject;
const device = (id: string, schemeId: string) => ({ id, scheme: { id: schemeId } }) as DeviceSummary;

describe('what the add-card dialog asks for', () => {
  it('asks for devices or a group by card type', () => {
    expect(choosesDevices('chart', 'entity')).toBe(true);
    expect(choosesDevices('inclinometer-profile', 'entity')).toBe(true);
    expect(choosesGroup('heatmap', 'entity')).toBe(true);
    expect(choosesGroup('rate-of-change', 'entity')).toBe(true);
    expect(choosesGroup('aggregation-table', 'entity')).toBe(true);
    expect(choosesGroup('inclinometer-profile', 'entity')).toBe(false);
    expect(choosesGroup('device-state', 'group')).toBe(true);
    expect(choosesGroup('state-map', 'entity')).toBe(true);
    expect(choosesDevices('state-map', 'entity')).toBe(false);
    expect(choosesMetric('state-map')).toBe(false);
    expect(choosesDevices('weather', 'entity')).toBe(false);
    expect(choosesGroup('weather', 'entity')).toBe(false);
    expect(choosesMetric('weather')).toBe(false);
    for (const type of ['cross-section', 'cross-sections-map'] as const) {
      expect([choosesDevices(type, 'entity'), choosesGroup(type, 'entity'), choosesMetric(type)]).toEqual([
        false,
        false,
        false,
      ]);
    }
  });

  it('offers every metric of the group’s schemes once', () => {
    const schemes = [scheme('pz', ['pressure'], ['level']), scheme('wl', ['pressure', 'stage']), scheme('x', ['y'])];
    const metrics = metricsOfDevices([device('1', 'pz'), device('2', 'wl'), device('3', 'pz')], schemes);
    expect(metrics.map((m) => m.metric)).toEqual([
      'raw_metrics.pressure',
      'calculated_metrics.level',
      'raw_metrics.stage',
    ]);
  });

  it('knows an inclinometer chain by its axes A and B', () => {
    expect(isInclinometerScheme(scheme('ipi', ['a_axis', 'b_axis']))).toBe(true);
    expect(isInclinometerScheme(scheme('pz', ['a_axis']))).toBe(false);
    expect(isInclinometerScheme(undefined)).toBe(false);
  });
});

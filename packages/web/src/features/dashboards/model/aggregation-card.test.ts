import type { SchemeObject } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../../api/registry.ts';
import { aggregationColumns, aggregationRequest } from './aggregation-card.ts';

const scheme = {
  id: 's-pz',
  spec: {
    metrics: {
      raw_metrics: [{ key: 'pressure', label: 'Pore pressure', unit: 'kPa', decimals: 1 }],
      calculated_metrics: [],
      context_metrics: [],
    },
  },
} as unknown as SchemeObject;
const device = (id: string, title: string, schemeId = 's-pz') =>
  ({ id, title, scheme: { id: schemeId, name: '', type: 'standard' } }) as DeviceSummary;

describe('an aggregation table card', () => {
  const members = [device('b', 'PZ-10'), device('a', 'PZ-2'), device('w', 'Weather', 's-other')];

  it('has a column per device with the metric, in numeric title order, with its unit and decimals', () => {
    expect(aggregationColumns(members, [scheme], { metric: 'raw_metrics.pressure', function: 'max' })).toEqual([
      { key: 'a', label: 'PZ-2', unit: 'kPa', decimals: 1 },
      { key: 'b', label: 'PZ-10', unit: 'kPa', decimals: 1 },
    ]);
  });

  it('counts readings as whole numbers without the unit', () => {
    const columns = aggregationColumns(members, [scheme], { metric: 'raw_metrics.pressure', function: 'count' });
    expect(columns.map((c) => [c.unit, c.decimals])).toEqual([
      ['', 0],
      ['', 0],
    ]);
  });

  it('asks the provider for the function per window over the range for every column', () => {
    const range = { from: new Date('2026-11-18T00:00:00Z'), to: new Date('2026-11-25T00:00:00Z') };
    const columns = aggregationColumns(members, [scheme], { metric: 'raw_metrics.pressure', function: 'sum' });
    expect(aggregationRequest({ metric: 'raw_metrics.pressure', function: 'sum' }, 'day', columns, range)).toEqual({
      time_field: 'read_at',
      from_time: '2026-11-18T00:00:00.000Z',
      to_time: '2026-11-25T00:00:00.000Z',
      metric: 'raw_metrics.pressure',
      aggregation: { function: 'sum', interval: 'day', group_by: 'monitored_entity' },
      filters: { monitored_entity_ids: ['a', 'b'] },
    });
  });
});

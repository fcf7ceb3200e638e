import { rateOfChangeBody, type RateOfChangeResult } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../../api/registry.ts';
import {
  coordinatesOf,
  directionOf,
  formatChange,
  rateOfChangeRequest,
  rateOfChangeRows,
} from './rate-of-change-rows.ts';

const device = (id: string, title: string, location: [number, number] | null = null) =>
  ({
    id,
    title,
    monitored_entity_type: 'instrument',
    location: location && { type: 'Point', coordinates: location },
  }) as DeviceSummary;
const devices = new Map([device('a', 'PZ-01'), device('b', 'PZ-02'), device('c', 'PZ-10')].map((d) => [d.id, d]));
const point = (value: number, read_at = '2026-11-20T00:00:00.000Z') => ({ read_at, value });
const result = (data: RateOfChangeResult['data']): RateOfChangeResult => ({
  interval_days: 7,
  result_type: 'delta',
  from_time: '2026-11-18T00:00:00.000Z',
  to_time: '2026-11-25T00:00:00.000Z',
  data,
});

describe('rate-of-change rows', () => {
  it('sorts by absolute change, biggest first, whatever its sign; changes that cannot be computed last', () => {
    const rows = rateOfChangeRows(
      result([
        { monitored_entity: 'a', value: 1.5, first: point(10), last: point(11.5) },
        { monitored_entity: 'b', value: null, first: point(0), last: point(3) },
        { monitored_entity: 'c', value: -4, first: point(10), last: point(6) },
      ]),
      devices,
    );
    expect(rows.map((r) => [r.title, r.change])).toEqual([
      ['PZ-10', -4],
      ['PZ-01', 1.5],
      ['PZ-02', null],
    ]);
    expect(rows[0]!.device?.id).toBe('c');
    expect(rows[0]!.first).toEqual(point(10));
  });

  it('names equal changes in natural order and data points after their device', () => {
    const rows = rateOfChangeRows(
      result([
        { data_point_id: 'p10', value: 2, first: point(1), last: point(3) },
        { data_point_id: 'p2', value: -2, first: point(3), last: point(1) },
      ]),
      devices,
      new Map([
        ['p10', { title: 'Node 10', monitored_entity_id: 'a' }],
        ['p2', { title: 'Node 2', monitored_entity_id: 'a' }],
      ]),
    );
    expect(rows.map((r) => r.title)).toEqual(['PZ-01 · Node 2', 'PZ-01 · Node 10']);
    expect(rows[0]!.device?.id).toBe('a');
  });

  it('has no rows before the result', () => {
    expect(rateOfChangeRows(undefined, devices)).toEqual([]);
  });
});

describe('the rate-of-change request', () => {
  it('asks for the chosen window and result type up to now, over the group or every device', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    const card = { metric: 'raw_metrics.pressure', group_by: 'monitored_entity' as const };
    const body = rateOfChangeRequest(card, 14, 'percentage', ['a'], now);
    expect(body).toEqual({
      metric: 'raw_metrics.pressure',
      interval_days: 14,
      result_type: 'percentage',
      group_by: 'monitored_entity',
      to_time: '2026-11-25T00:00:00.000Z',
      filters: { monitored_entity_ids: ['a'] },
    });
    expect(rateOfChangeBody.safeParse(body).success).toBe(true);
    expect(rateOfChangeRequest(card, 7, 'delta', null, now).filters).toBeUndefined();
  });
});

describe('showing a change', () => {
  const info = { decimals: 2, unit: 'kPa' };

  it('writes a delta with its sign and the unit, a percentage with one decimal and %', () => {
    expect(formatChange(1.2, 'delta', info, 'en-US')).toBe('+1.20 kPa');
    expect(formatChange(-0.5, 'delta', info, 'en-US')).toBe('−0.50 kPa');
    expect(formatChange(0, 'delta', info, 'en-US')).toBe('0.00 kPa');
    expect(formatChange(-3.44, 'percentage', info, 'en-US')).toBe('−3.4 %');
    expect(formatChange(null, 'percentage', info, 'en-US')).toBeNull();
  });

  it('points the arrow by the sign', () => {
    expect([2, -1, 0, null].map(directionOf)).toEqual(['up', 'down', 'flat', null]);
  });
});

describe('coordinates', () => {
  it('reads longitude and latitude from the profile location, longitude first', () => {
    expect(coordinatesOf(device('x', 'X', [-70.1, -27.3]))).toEqual({ longitude: -70.1, latitude: -27.3 });
    expect(coordinatesOf(device('y', 'Y'))).toBeNull();
  });
});

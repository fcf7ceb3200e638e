import { type MetricInfo } from '@vigil/domain';
import type { ChartSeries, MetricLimit, TimeseriesResult } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { seriesEnvelope, seriesPoints, sharedLimits, timeseriesRequests } from './chart-data.ts';

const RANGE = { from: new Date('2026-11-18T00:00:00Z'), to: new Date('2026-11-25T00:00:00Z') };
const level = 'calculated_metrics.piezometric_level';
const s = (entity: string, metric = level, dataPoint: string | null = null): ChartSeries => ({
  entity_id: entity,
  entity_type: 'instrument',
  metric,
  data_point_id: dataPoint,
});

describe('chart card requests', () => {
  it('asks once per metric for every entity series, over the range, with no interval (2000 buckets)', () => {
    const requests = timeseriesRequests([s('a'), s('b'), s('a', 'raw_metrics.pressure'), s('c', level, 'dp1')], RANGE);
    expect(requests).toEqual([
      expect.objectContaining({
        metric: level,
        from_time: '2026-11-18T00:00:00.000Z',
        to_time: '2026-11-25T00:00:00.000Z',
        aggregation: { function: 'avg', group_by: 'monitored_entity', envelope: true },
        filters: { monitored_entity_ids: ['a', 'b'] },
      }),
      expect.objectContaining({ metric: 'raw_metrics.pressure', filters: { monitored_entity_ids: ['a'] } }),
      expect.objectContaining({
        metric: level,
        aggregation: { function: 'avg', group_by: 'data_point_id', envelope: true },
        filters: { data_point_ids: ['dp1'] },
      }),
    ]);
  });

  it('asks separately for the sum of a series that names that function, and reads it from that answer', () => {
    const rain = 'raw_metrics.rainfall';
    const series: ChartSeries[] = [s('a', rain), { ...s('b', rain), function: 'sum', style: 'bars' }, s('c', rain)];
    const requests = timeseriesRequests(series, RANGE);
    expect(requests).toEqual([
      expect.objectContaining({
        metric: rain,
        aggregation: { function: 'avg', group_by: 'monitored_entity', envelope: true },
        filters: { monitored_entity_ids: ['a', 'c'] },
      }),
      expect.objectContaining({
        metric: rain,
        aggregation: { function: 'sum', group_by: 'monitored_entity' },
        filters: { monitored_entity_ids: ['b'] },
      }),
    ]);
    const average: TimeseriesResult = { data: [{ monitored_entity: 'b', values: { '2026-11-20T00:00:00Z': 1 } }] };
    const sum: TimeseriesResult = { data: [{ monitored_entity: 'b', values: { '2026-11-20T00:00:00Z': 24 } }] };
    expect(seriesPoints(series[1]!, [average, sum], requests)).toEqual([[Date.parse('2026-11-20T00:00:00Z'), 24]]);
  });

  it('treats a series naming avg like one naming no function', () => {
    expect(timeseriesRequests([s('a'), { ...s('b'), function: 'avg' }], RANGE)).toHaveLength(1);
  });

  it("reads each series' points from its request's answer, oldest first", () => {
    const series = [s('a'), s('b')];
    const requests = timeseriesRequests(series, RANGE);
    const result: TimeseriesResult = {
      data: [
        { monitored_entity: 'b', values: { '2026-11-20T01:00:00Z': 2, '2026-11-20T00:00:00Z': 1 } },
        { monitored_entity: 'a', values: { '2026-11-20T00:00:00Z': 7 } },
      ],
    };
    expect(seriesPoints(series[1]!, [result], requests)).toEqual([
      [Date.parse('2026-11-20T00:00:00Z'), 1],
      [Date.parse('2026-11-20T01:00:00Z'), 2],
    ]);
    expect(seriesPoints(s('z'), [result], requests)).toEqual([]);
  });

  it("reads each series' envelope (least, greatest, count per bucket) from its answer, oldest first", () => {
    const series = [s('a')];
    const requests = timeseriesRequests(series, RANGE);
    const result: TimeseriesResult = {
      data: [
        {
          monitored_entity: 'a',
          values: { '2026-11-20T01:00:00Z': 12, '2026-11-20T00:00:00Z': 10 },
          envelope: { '2026-11-20T01:00:00Z': [10, 26.26], '2026-11-20T00:00:00Z': [10, 10] },
          counts: { '2026-11-20T01:00:00Z': 4, '2026-11-20T00:00:00Z': 2 },
        },
      ],
    };
    expect(seriesEnvelope(series[0]!, [result], requests)).toEqual([
      [Date.parse('2026-11-20T00:00:00Z'), 10, 10, 2],
      [Date.parse('2026-11-20T01:00:00Z'), 10, 26.26, 4],
    ]);
  });
});

describe('limit lines of a chart card', () => {
  const info = (x: ChartSeries): MetricInfo => ({
    metric: x.metric,
    group: 'calculated_metrics',
    key: 'piezometric_level',
    label: 'Piezometric level',
    unit: 'm',
    decimals: 2,
  });
  const limit = (lvl: 'warning' | 'critical', value: number): MetricLimit => ({
    group: 'calculated_metrics',
    metric: 'piezometric_level',
    level: lvl,
    bound: 'upper',
    value,
  });

  it("draws one device's limits, with its unit", () => {
    const lines = sharedLimits([s('a')], info, () => [limit('warning', 100), limit('critical', 102)]);
    expect(lines).toEqual([
      { level: 'warning', bound: 'upper', value: 100, unit: 'm' },
      { level: 'critical', bound: 'upper', value: 102, unit: 'm' },
    ]);
  });

  it('draws no limit of a summed series, whose buckets add up readings', () => {
    const limits = () => [limit('warning', 100)];
    expect(sharedLimits([{ ...s('a'), function: 'sum' }], info, limits)).toEqual([]);
    expect(sharedLimits([{ ...s('a'), function: 'max' }], info, limits)).toHaveLength(1);
  });

  it('draws only the limits every charted device shares', () => {
    const limits: Record<string, MetricLimit[]> = {
      a: [limit('warning', 100), limit('critical', 102)],
      b: [limit('warning', 100), limit('critical', 105)],
    };
    expect(sharedLimits([s('a'), s('b')], info, (id) => limits[id])).toEqual([
      { level: 'warning', bound: 'upper', value: 100, unit: 'm' },
    ]);
  });
});

import type { SchemeRef } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { chartDashboardCards, momentParam, rangeParam } from './chart-dashboard-cards.ts';

const scheme = {
  spec: {
    metrics: {
      raw_metrics: [
        { key: 'pressure', label: 'Pressure', unit: 'kPa' },
        { key: 'temperature', label: 'Temperature', unit: '°C' },
      ],
      calculated_metrics: [{ key: 'piezometric_level', label: 'Piezometric level', unit: 'm' }],
    },
  },
} as unknown as Pick<SchemeRef, 'spec'>;
const entity = { id: 'pz-1', entity_type: 'instrument' } as const;
const metricsOf = (cards: ReturnType<typeof chartDashboardCards>) =>
  cards.map((c) => (c.type === 'chart' ? c.series[0]!.metric : null));

describe('chartDashboardCards', () => {
  it('charts every metric of the scheme full width, one under another, in the order of the scheme', () => {
    const cards = chartDashboardCards(entity, scheme, null);
    expect(metricsOf(cards)).toEqual([
      'raw_metrics.pressure',
      'raw_metrics.temperature',
      'calculated_metrics.piezometric_level',
    ]);
    expect(cards.map((c) => c.layout)).toEqual([
      { x: 0, y: 0, w: 16, h: 2 },
      { x: 0, y: 2, w: 16, h: 2 },
      { x: 0, y: 4, w: 16, h: 2 },
    ]);
  });

  it('puts the chart of the metric asked for first, by group.key or bare key', () => {
    const cards = chartDashboardCards(entity, scheme, null, 'calculated_metrics.piezometric_level');
    expect(metricsOf(cards)).toEqual([
      'calculated_metrics.piezometric_level',
      'raw_metrics.pressure',
      'raw_metrics.temperature',
    ]);
    expect(cards[0]!.layout.y).toBe(0);
    expect(metricsOf(chartDashboardCards(entity, scheme, null, 'temperature'))[0]).toBe('raw_metrics.temperature');
  });

  it('keeps the order for a metric the scheme does not have', () => {
    expect(metricsOf(chartDashboardCards(entity, scheme, null, 'raw_metrics.unknown'))[0]).toBe('raw_metrics.pressure');
  });

  it('charts the data point given', () => {
    const [card] = chartDashboardCards(entity, scheme, 'dp-2');
    expect(card!.type === 'chart' && card!.series[0]!.data_point_id).toBe('dp-2');
  });
});

describe('rangeParam', () => {
  it('reads a range from ISO times', () => {
    expect(rangeParam('2026-03-05T12:00:00.000Z', '2026-03-18T12:00:00.000Z')).toEqual({
      from: new Date('2026-03-05T12:00:00.000Z'),
      to: new Date('2026-03-18T12:00:00.000Z'),
    });
  });

  it('has none when a time is missing or invalid, or the start is not before the end', () => {
    expect(rangeParam(null, '2026-03-18T12:00:00.000Z')).toBeNull();
    expect(rangeParam('2026-03-05T12:00:00.000Z', 'soon')).toBeNull();
    expect(rangeParam('2026-03-18T12:00:00.000Z', '2026-03-05T12:00:00.000Z')).toBeNull();
    expect(rangeParam('2026-03-18T12:00:00.000Z', '2026-03-18T12:00:00.000Z')).toBeNull();
  });
});

describe('momentParam', () => {
  it('reads an ISO time as ms, and nothing else', () => {
    expect(momentParam('2026-03-15T11:50:00.000Z')).toBe(Date.UTC(2026, 2, 15, 11, 50));
    expect(momentParam('yesterday')).toBeNull();
    expect(momentParam(null)).toBeNull();
  });
});

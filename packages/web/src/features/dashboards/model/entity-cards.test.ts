import { dashboardTreeSchema, type SchemeRef } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { entityCards } from './entity-cards.ts';

const scheme = {
  spec: {
    metrics: {
      raw_metrics: [{ key: 'pressure', label: 'Pressure', unit: 'kPa' }],
      calculated_metrics: [{ key: 'piezometric_level', label: 'Piezometric level', unit: 'm', formula: 'x' }],
      context_metrics: [{ key: 'tip_elevation', label: 'Tip elevation', unit: 'm' }],
      invalid_metrics: [],
      user_metrics: [{ key: 'owner', label: 'Owner', unit: '' }],
    },
  },
} as unknown as SchemeRef;

describe('entity dashboard cards', () => {
  const cards = entityCards({ id: 'e1', entity_type: 'instrument' }, scheme);

  it('has a gauge and a seven-day chart for each raw, calculated and context metric', () => {
    expect(
      cards.map((c) => `${c.type}:${'metric' in c ? c.metric : c.type === 'chart' ? c.series[0]!.metric : ''}`),
    ).toEqual([
      'gauge:raw_metrics.pressure',
      'chart:raw_metrics.pressure',
      'gauge:calculated_metrics.piezometric_level',
      'chart:calculated_metrics.piezometric_level',
      'gauge:context_metrics.tip_elevation',
      'chart:context_metrics.tip_elevation',
    ]);
    expect(cards.filter((c) => c.type === 'chart').every((c) => c.type === 'chart' && c.period === 'sevenDays')).toBe(
      true,
    );
  });

  it('lays them out as a valid page, a gauge beside each chart', () => {
    expect(dashboardTreeSchema.safeParse({ pages: [{ path: 'root', title: 'x', cards }] }).success).toBe(true);
    expect(cards[1]!.layout).toEqual({ x: 4, y: 0, w: 12, h: 2 });
  });

  it('has no cards without a scheme', () => {
    expect(entityCards({ id: 'e1', entity_type: 'instrument' }, null)).toEqual([]);
  });
});

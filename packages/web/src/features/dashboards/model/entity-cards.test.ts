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

  describe('an in-place inclinometer chain', () => {
    const chainScheme = {
      spec: {
        metrics: {
          raw_metrics: [
            { key: 'a_axis', label: 'A-axis cumulative displacement', unit: 'mm' },
            { key: 'b_axis', label: 'B-axis cumulative displacement', unit: 'mm' },
          ],
          calculated_metrics: [{ key: 'resultant', label: 'Resultant displacement', unit: 'mm', formula: 'x' }],
          context_metrics: [{ key: 'node_spacing', label: 'Node spacing', unit: 'm' }],
          invalid_metrics: [],
          user_metrics: [],
        },
        metric_limits: [
          { group: 'calculated_metrics', metric: 'resultant', level: 'warning', bound: 'upper', value: 25 },
          { group: 'calculated_metrics', metric: 'resultant', level: 'critical', bound: 'upper', value: 40 },
        ],
        invalid_bounds: [],
      },
    } as unknown as SchemeRef;
    const chain = { id: 'c1', entity_type: 'instrument' } as const;

    it('shows its profile first, full width and tall, its limit the critical limit of the resultant', () => {
      const cards = entityCards(chain, chainScheme, { dataPoints: 15 });
      const [first] = cards;
      expect(first).toMatchObject({
        type: 'inclinometer-profile',
        entity: chain,
        mode: 'cumulative',
        datum: null,
        overlay_days: [0, 7, 30],
        limit: 40,
        layout: { x: 0, y: 0, w: 16, h: 4 },
      });
      // the gauges and charts follow below it
      expect(cards[1]).toMatchObject({ type: 'gauge', layout: { x: 0, y: 4 } });
      expect(dashboardTreeSchema.safeParse({ pages: [{ path: 'root', title: 'x', cards }] }).success).toBe(true);
    });

    it('takes the limit in force for the device over its scheme’s', () => {
      const limits = [
        { group: 'calculated_metrics', metric: 'resultant', level: 'critical', bound: 'upper', value: 30 },
      ] as const;
      const [first] = entityCards(chain, chainScheme, { dataPoints: 3, limits: [...limits] });
      expect(first).toMatchObject({ type: 'inclinometer-profile', limit: 30 });
    });

    it('shows a probe inclinometer’s profile too: its depths report the probe’s deviations', () => {
      const probeScheme = {
        spec: {
          ...chainScheme.spec,
          metrics: {
            ...chainScheme.spec.metrics,
            raw_metrics: [
              { key: 'a_deviation', label: 'A-axis deviation', unit: 'mm' },
              { key: 'b_deviation', label: 'B-axis deviation', unit: 'mm' },
            ],
          },
        },
      };
      expect(entityCards(chain, probeScheme, { dataPoints: 20 })[0]).toMatchObject({ type: 'inclinometer-profile' });
    });

    it('has no profile without data points, nor for a scheme without both axes', () => {
      expect(entityCards(chain, chainScheme).some((c) => c.type === 'inclinometer-profile')).toBe(false);
      expect(entityCards(chain, scheme, { dataPoints: 4 }).some((c) => c.type === 'inclinometer-profile')).toBe(false);
    });
  });
});

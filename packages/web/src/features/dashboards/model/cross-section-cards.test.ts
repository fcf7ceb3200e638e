import type { CrossSectionSensor } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { sectionChartCards, sectionWeatherCard } from './cross-section-cards.ts';

const sensor = (n: number, metric_field = 'piezometric_level'): CrossSectionSensor => ({
  id: `PZ-${n}`,
  device_id: `d${n}`,
  title: `PZ-${n}`,
  location: null,
  metric_type: metric_field === 'pressure' ? 'raw_metrics' : 'calculated_metrics',
  metric_field,
  exclude_metric: false,
});

describe('sectionChartCards', () => {
  it('charts each metric of the sensors over seven days, ten devices a chart, two charts a row', () => {
    const sensors = [...Array.from({ length: 12 }, (_, i) => sensor(i + 1)), sensor(13, 'pressure')];
    const cards = sectionChartCards({ sensors }, () => 'instrument');
    expect(cards.map((c) => (c.type === 'chart' ? [c.series.length, c.series[0]!.metric, c.period] : null))).toEqual([
      [10, 'calculated_metrics.piezometric_level', 'sevenDays'],
      [2, 'calculated_metrics.piezometric_level', 'sevenDays'],
      [1, 'raw_metrics.pressure', 'sevenDays'],
    ]);
    expect(cards.map((c) => c.layout)).toEqual([
      { x: 0, y: 0, w: 8, h: 2 },
      { x: 8, y: 0, w: 8, h: 2 },
      { x: 0, y: 2, w: 8, h: 2 },
    ]);
  });

  it('draws a device once per metric, with its entity type', () => {
    const cards = sectionChartCards({ sensors: [sensor(1), { ...sensor(1), id: 'again' }] }, () => 'virtual-device');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.type === 'chart' && cards[0]!.series).toEqual([
      {
        entity_id: 'd1',
        entity_type: 'virtual-device',
        metric: 'calculated_metrics.piezometric_level',
        data_point_id: null,
      },
    ]);
  });

  it('has none without sensors', () => {
    expect(sectionChartCards({ sensors: [] }, () => 'instrument')).toEqual([]);
  });
});

describe('sectionWeatherCard', () => {
  it('asks for the weather at the middle of the line, or the project place without one', () => {
    expect(sectionWeatherCard({ lat: -27.366512, lng: -70.331234 })).toMatchObject({
      type: 'weather',
      coordinates: { lat: -27.3665, lon: -70.3312 },
      units: 'celsius',
    });
    expect(sectionWeatherCard(null).coordinates).toBeNull();
    expect(sectionWeatherCard(null, 'Weather · Section A').title).toBe('Weather · Section A');
  });
});

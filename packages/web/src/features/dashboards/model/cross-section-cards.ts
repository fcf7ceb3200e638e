import {
  CARD_PRESETS,
  DEFAULT_CARD_PRESET,
  GRID_COLUMNS,
  MAX_CHART_SERIES,
  type ChartSeries,
  type CrossSection,
  type DashboardCard,
  type EntityType,
  type LatLng,
} from '@vigil/domain';

type WeatherCard = Extract<DashboardCard, { type: 'weather' }>;

/** The weather card of a section's dashboard: the weather at the middle of its line (the project's place without one), titled as given. */
export function sectionWeatherCard(midpoint: LatLng | null, title = ''): WeatherCard {
  return {
    id: 'weather',
    type: 'weather',
    title,
    coordinates: midpoint ? { lat: Number(midpoint.lat.toFixed(4)), lon: Number(midpoint.lng.toFixed(4)) } : null,
    units: 'celsius',
    layout: { x: 0, y: 0, ...CARD_PRESETS.halfWidth },
  };
}

/**
 * The chart cards of a section's dashboard: per metric its sensors show (a piezometric level, a
 * pressure), the sensors' devices over the default period, at most ten lines a chart, two charts a row.
 */
export function sectionChartCards(
  section: Pick<CrossSection, 'sensors'>,
  entityTypeOf: (deviceId: string) => EntityType,
  titleOf: (metric: string) => string = () => '',
): DashboardCard[] {
  const byMetric = new Map<string, string[]>();
  for (const sensor of section.sensors) {
    const metric = `${sensor.metric_type}.${sensor.metric_field}`;
    const devices = byMetric.get(metric) ?? [];
    if (!devices.includes(sensor.device_id)) devices.push(sensor.device_id);
    byMetric.set(metric, devices);
  }
  const cards: DashboardCard[] = [];
  const { w, h } = CARD_PRESETS.halfWidth;
  for (const [metric, devices] of byMetric) {
    for (let start = 0; start < devices.length; start += MAX_CHART_SERIES) {
      const series: ChartSeries[] = devices.slice(start, start + MAX_CHART_SERIES).map((id) => ({
        entity_id: id,
        entity_type: entityTypeOf(id),
        metric,
        data_point_id: null,
      }));
      const n = cards.length;
      cards.push({
        id: `chart-${n + 1}`,
        type: 'chart',
        title: titleOf(metric),
        period: DEFAULT_CARD_PRESET,
        series,
        layout: { x: (n % 2) * (GRID_COLUMNS / 2), y: Math.floor(n / 2) * h, w, h },
      });
    }
  }
  return cards;
}

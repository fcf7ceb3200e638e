import {
  DEFAULT_CARD_PRESET,
  GRID_COLUMNS,
  type DashboardCard,
  type DashboardEntityRef,
  type SchemeRef,
  chartableMetrics,
} from '@vigil/domain';

const GAUGE_WIDTH = 4;
const ROW = 2;

/**
 * The cards of an entity dashboard (spec 001 §2): for each raw, calculated and context metric of its
 * scheme, a gauge and, beside it, a chart over the default period (seven days).
 */
export function entityCards(
  entity: DashboardEntityRef,
  scheme: Pick<SchemeRef, 'spec'> | null | undefined,
): DashboardCard[] {
  return chartableMetrics(scheme).flatMap((m, i): DashboardCard[] => [
    {
      id: `gauge-${m.group}-${m.key}`,
      type: 'gauge',
      title: '',
      entity,
      metric: m.metric,
      layout: { x: 0, y: i * ROW, w: GAUGE_WIDTH, h: ROW },
    },
    {
      id: `chart-${m.group}-${m.key}`,
      type: 'chart',
      title: '',
      period: DEFAULT_CARD_PRESET,
      series: [{ entity_id: entity.id, entity_type: entity.entity_type, metric: m.metric, data_point_id: null }],
      layout: { x: GAUGE_WIDTH, y: i * ROW, w: GRID_COLUMNS - GAUGE_WIDTH, h: ROW },
    },
  ]);
}

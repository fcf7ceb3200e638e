import {
  DEFAULT_CARD_PRESET,
  GRID_COLUMNS,
  type DashboardCard,
  type DashboardEntityRef,
  type SchemeRef,
  chartableMetrics,
} from '@vigil/domain';

/** The chart dashboard of an entity (the metric drill-down): one full-width chart per metric, one data point or the entity. */
export function chartDashboardCards(
  entity: DashboardEntityRef,
  scheme: Pick<SchemeRef, 'spec'> | null | undefined,
  dataPointId: string | null,
): DashboardCard[] {
  return chartableMetrics(scheme).map((m, i) => ({
    id: `chart-${m.group}-${m.key}`,
    type: 'chart',
    title: '',
    period: DEFAULT_CARD_PRESET,
    series: [{ entity_id: entity.id, entity_type: entity.entity_type, metric: m.metric, data_point_id: dataPointId }],
    layout: { x: 0, y: i * 2, w: GRID_COLUMNS, h: 2 },
  }));
}

import {
  DEFAULT_CARD_PRESET,
  GRID_COLUMNS,
  type DashboardCard,
  type DashboardEntityRef,
  type SchemeRef,
  type TimeRange,
  chartableMetrics,
} from '@vigil/domain';

/**
 * The chart dashboard of an entity (the metric drill-down): one full-width chart per metric, one data point
 * or the entity. `firstMetric` (`group.key`, or a bare key) puts that metric's chart first, e.g. the metric
 * of the alert the page was opened from.
 */
export function chartDashboardCards(
  entity: DashboardEntityRef,
  scheme: Pick<SchemeRef, 'spec'> | null | undefined,
  dataPointId: string | null,
  firstMetric: string | null = null,
): DashboardCard[] {
  const metrics = chartableMetrics(scheme);
  const first = metrics.findIndex((m) => m.metric === firstMetric || m.key === firstMetric);
  const ordered = first > 0 ? [metrics[first]!, ...metrics.filter((_, i) => i !== first)] : metrics;
  return ordered.map((m, i) => ({
    id: `chart-${m.group}-${m.key}`,
    type: 'chart',
    title: '',
    period: DEFAULT_CARD_PRESET,
    series: [{ entity_id: entity.id, entity_type: entity.entity_type, metric: m.metric, data_point_id: dataPointId }],
    layout: { x: 0, y: i * 2, w: GRID_COLUMNS, h: 2 },
  }));
}

/**
 * The time range named by a drill-down's `from` and `to` search parameters (ISO times, e.g. the window
 * around an alert): null unless both are valid times with `from` before `to`.
 */
export function rangeParam(from: string | null, to: string | null): TimeRange | null {
  if (!from || !to) return null;
  const [start, end] = [new Date(from), new Date(to)];
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || start >= end) return null;
  return { from: start, to: end };
}

/**
 * The reading a drill-down marks: its time (`at`), and its value (`value`) when it is a number, for the
 * chart of its metric (`metric`); null without a valid time.
 */
export function markerParam(search: URLSearchParams): { time: number; value?: number; metric?: string } | null {
  const time = momentParam(search.get('at'));
  if (time === null) return null;
  const raw = search.get('value');
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  const metric = search.get('metric');
  return Number.isFinite(value) && metric ? { time, value, metric } : { time };
}

/** The moment named by a drill-down's `at` search parameter (ISO), in ms; null when missing or invalid. */
export function momentParam(at: string | null): number | null {
  const time = at ? Date.parse(at) : Number.NaN;
  return Number.isNaN(time) ? null : time;
}

import type { TimeseriesGroupBy } from '@vigil/domain';
import type { SeriesRef, SeriesSelector } from './series-store.ts';

/** Groups holding valid values; `invalid_metrics` holds what ingest refused (ADR 0007). */
const VALID_GROUPS = ['raw_metrics', 'calculated_metrics', 'context_metrics'] as const;

/**
 * What `metric` names: `group.key` reads that group, a bare key every valid group. Unless only
 * valid values are wanted, the values of the same key that ingest moved to invalid_metrics join in.
 * Asking for `invalid_metrics.key` reads exactly that group.
 */
export function parseMetric(metric: string, validOnly: boolean): { key: string; groups: string[] } {
  const dot = metric.indexOf('.');
  const group = dot < 0 ? undefined : metric.slice(0, dot);
  const key = dot < 0 ? metric : metric.slice(dot + 1);
  if (group === 'invalid_metrics') return { key, groups: [group] };
  const groups: string[] = group ? [group] : [...VALID_GROUPS];
  if (!validOnly) groups.push('invalid_metrics');
  return { key, groups };
}

export interface SeriesFilters {
  data_point_ids?: string[] | undefined;
  monitored_entity_ids?: string[] | undefined;
}

export function seriesSelector(
  metric: string,
  validOnly: boolean,
  filters: SeriesFilters | undefined,
  groupBy: TimeseriesGroupBy,
): SeriesSelector {
  const { key, groups } = parseMetric(metric, validOnly);
  return {
    metric: key,
    groups,
    entityIds: filters?.monitored_entity_ids,
    dataPointIds: filters?.data_point_ids,
    ofDataPoints: groupBy === 'data_point_id',
  };
}

/** Output keys (entity or data point ids, sorted) and, per series id, the index of its key. */
export function keysOf(series: readonly SeriesRef[], groupBy: TimeseriesGroupBy) {
  const keyOfSeries = (s: SeriesRef) => (groupBy === 'data_point_id' ? s.dataPointId : s.entityId);
  const keys = [...new Set(series.map(keyOfSeries))].sort();
  const index = new Map(keys.map((k, i) => [k, i]));
  const keyIndex = new Map(series.map((s) => [s.id, index.get(keyOfSeries(s))!]));
  return { keys, keyIndex };
}

import { type NotificationObject, type TimeRange } from '@vigil/domain';

/**
 * Alert chart window (requirements#monitoring-constants): 10 days before to 3 days after the notification's creation.
 */
export const ALERT_DAYS_BEFORE = 10;
export const ALERT_DAYS_AFTER = 3;
const DAY_MS = 86_400_000;

/** The time range an alert chart shows around a notification created at `createdAt` (ISO). */
export function alertWindow(createdAt: string): TimeRange {
  const at = Date.parse(createdAt);
  return { from: new Date(at - ALERT_DAYS_BEFORE * DAY_MS), to: new Date(at + ALERT_DAYS_AFTER * DAY_MS) };
}

/**
 * The metric drill-down of an event about one metric of an entity (requirements#monitoring-screens):
 * `/metrics/{stateType}/{entityId}/{entityType}[/{dataPointId}]?from&to&metric&at`, opening on the alert
 * window with that metric first and the reading that raised the event (`at`) marked: in the operational-state module when the notification belongs to that
 * view, else in the safety-state one. Null without an entity or a metric.
 */
export function metricsDrillDownPath(n: Pick<NotificationObject, 'extra' | 'created_at'>): string | null {
  const entity = n.extra?.monitored_entity;
  const context = n.extra?.event_context ?? {};
  const metric = typeof context.metric === 'string' && context.metric ? context.metric : null;
  if (!entity?.id || !metric) return null;
  const operational = n.extra.view === 'operational-state';
  const dataPoint = typeof context.data_point_id === 'string' && context.data_point_id ? context.data_point_id : null;
  const path = [
    'metrics',
    operational ? 'operational-state' : 'safety-state',
    entity.id,
    entity.monitored_entity_type,
    ...(dataPoint ? [dataPoint] : []),
  ]
    .map(encodeURIComponent)
    .join('/');
  const { from, to } = alertWindow(n.created_at);
  const readAt = typeof context.read_at === 'string' ? new Date(context.read_at) : null;
  const at = readAt && !Number.isNaN(readAt.getTime()) ? readAt.toISOString() : n.created_at;
  const search = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), metric, at });
  // The reading's own value, so that the drill-down draws it at its true height (ADR 0036).
  if (typeof context.metric_value === 'number' && Number.isFinite(context.metric_value)) {
    search.set('value', String(context.metric_value));
  }
  return `/${path}?${search}`;
}

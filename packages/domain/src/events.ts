/**
 * Events, notifications and the live stream (requirements#monitoring-entities, #monitoring-states, #monitoring-calls,
 * #monitoring-constants): the names both sides share.
 */

/**
 * The sixteen notification types of requirements#monitoring-constants, in the spec's order; each is also an event type.
 */
export const NOTIFICATION_TYPES = [
  'safety_state_changed',
  'operational_state_changed',
  'trend_state_changed',
  'trend_state_trending',
  'abnormality_state_changed',
  'abnormality_state_out_of_control',
  'unknown_payload_received',
  'metric_quality_state_changed',
  'invalid_metric_received',
  'metric_limit_reached',
  'metric_limits_state_changed',
  'health_state_changed',
  'invalid_payload_received',
  'connectivity_state_changed',
  'data_quality_issues_state_changed',
  'advanced_indicator_state_changed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_LEVELS = ['critical', 'warning', 'info'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** The rules that produce events; `rule_type` of executions and events. */
export const RULE_TYPES = [
  'safety_state',
  'operational_state',
  'connectivity_state',
  'health_state',
  'abnormality_state',
  'trend_state',
  'metric_limits_state',
  'metric_quality_state',
  'data_quality_issues_state',
  'advanced_indicator',
  'payload',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** Which rule produces each event type. */
export const RULE_TYPE_OF_EVENT: Record<NotificationType, RuleType> = {
  safety_state_changed: 'safety_state',
  operational_state_changed: 'operational_state',
  trend_state_changed: 'trend_state',
  trend_state_trending: 'trend_state',
  abnormality_state_changed: 'abnormality_state',
  abnormality_state_out_of_control: 'abnormality_state',
  unknown_payload_received: 'payload',
  metric_quality_state_changed: 'metric_quality_state',
  invalid_metric_received: 'metric_quality_state',
  metric_limit_reached: 'metric_limits_state',
  metric_limits_state_changed: 'metric_limits_state',
  health_state_changed: 'health_state',
  invalid_payload_received: 'payload',
  connectivity_state_changed: 'connectivity_state',
  data_quality_issues_state_changed: 'data_quality_issues_state',
  advanced_indicator_state_changed: 'advanced_indicator',
};

/** Stream message types besides the notification types (requirements#monitoring-states). */
export const STREAM_TYPES = ['alert', 'metricsRule'] as const;
export const ALERT_PRIORITIES = ['critical', 'major', 'warning', 'minor', 'informational'] as const;
export type AlertPriority = (typeof ALERT_PRIORITIES)[number];

/** Page sizes and windows of requirements#monitoring-constants. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const EVENTS_PAGE_SIZE = 10;
export const EVENTS_LOOK_BACK_DAYS = 90;
export const NOTIFICATION_WINDOW_HOURS = 24;
export const UNREAD_BADGE_CAP = 999;

export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/**
 * Events, notifications and the live stream (requirements#monitoring-entities, #monitoring-states, #monitoring-calls,
 * #monitoring-constants): the names both sides share.
 */

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

/**
 * The sixteen notification types of requirements#monitoring-constants, in its order, each with the
 * rule that produces it; each is also an event type.
 */
const RULE_OF_NOTIFICATION_TYPE = {
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
} satisfies Record<string, RuleType>;

export type NotificationType = keyof typeof RULE_OF_NOTIFICATION_TYPE;
export const NOTIFICATION_TYPES = Object.keys(RULE_OF_NOTIFICATION_TYPE) as readonly NotificationType[];

/** Which rule produces each event type. */
export const RULE_TYPE_OF_EVENT: Record<NotificationType, RuleType> = RULE_OF_NOTIFICATION_TYPE;

export const NOTIFICATION_LEVELS = ['critical', 'warning', 'info'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

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

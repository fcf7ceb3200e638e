import type { AlertPriority, NotificationLevel, NotificationType } from './events.ts';
import { stateColour, type StateColour } from './states.ts';

/**
 * The one mapping from what the rules engine finds to the colours of requirements#monitoring-states (ADR 0011).
 * Each rule reports a result name; the state it writes is that result's colour.
 */
export const RESULT_COLOURS = {
  /** the worst limit any metric is beyond */
  metric_limits_state: { normal: 'green', warning: 'orange', critical: 'red' },
  /** whether the latest reading had values beyond their invalid bounds */
  metric_quality_state: { valid: 'green', invalid: 'yellow' },
  /** Nelson rule 1 (a point beyond 3σ) is out of control; rule 4 (alternation) is abnormal */
  abnormality_state: { normal: 'green', abnormal: 'orange', out_of_control: 'red' },
  /** Nelson rules 2, 3, 5, 6, 7, 8 */
  trend_state: { steady: 'green', trending: 'yellow' },
  /** time since the latest payload against the contracted SLA (or the entity's connectivity rules) */
  connectivity_state: { online: 'green', offline: 'red' },
  /** intervals between the latest payloads against the SLA */
  health_state: { healthy: 'green', irregular: 'yellow', unhealthy: 'orange' },
  /** an interface node over its instruments: none, some or at least half with issues */
  data_quality_issues_state: { none: 'green', some: 'yellow', most: 'orange' },
  /** an advanced indicator whose expression gives a boolean */
  advanced_indicator: { clear: 'green', raised: 'red' },
  /** the device as a whole when switched out of service */
  device_state: { maintenance: 'blue', out_of_service: 'black' },
} as const satisfies Record<string, Record<string, StateColour>>;

export type ResultRule = keyof typeof RESULT_COLOURS;
export type ResultOf<R extends ResultRule> = keyof (typeof RESULT_COLOURS)[R];

export function resultColour<R extends ResultRule>(rule: R, result: ResultOf<R>): StateColour {
  return (RESULT_COLOURS[rule] as Record<PropertyKey, StateColour>)[result]!;
}

/** Level of a notification from the colour its event moved to: red critical, orange and yellow warning, else info. */
export function levelOfColour(colour: string | null | undefined): NotificationLevel {
  const c = stateColour(colour);
  if (c === 'red') return 'critical';
  if (c === 'orange' || c === 'yellow') return 'warning';
  return 'info';
}

/** Events about a single payload or value, not a state: their level is fixed. */
export const FIXED_LEVELS: Partial<Record<NotificationType, NotificationLevel>> = {
  unknown_payload_received: 'warning',
  invalid_payload_received: 'warning',
  invalid_metric_received: 'warning',
};

/**
 * How a project's trend events notify (ADR 0023): as advice, at level info (the default), or as
 * alarms, at their colour's level. Set in the project's attrs.alarmSettings.trendNotifications.
 */
export const TREND_NOTIFICATIONS = ['advisory', 'alarm'] as const;
export type TrendNotifications = (typeof TREND_NOTIFICATIONS)[number];

/** Trend events tell of a pattern in a series, not of a condition an operator must act on. */
const ADVISORY: ReadonlySet<NotificationType> = new Set(['trend_state_changed', 'trend_state_trending']);

/**
 * The level of an event's notification: fixed for events about one payload or value; info for trend
 * events unless the project makes them alarms; else the level of the colour the event moved to.
 */
export function notificationLevel(
  type: NotificationType,
  colour: string | null | undefined,
  trends: TrendNotifications = 'advisory',
): NotificationLevel {
  return FIXED_LEVELS[type] ?? (ADVISORY.has(type) && trends === 'advisory' ? 'info' : levelOfColour(colour));
}

const SAFETY_CRITICAL: ReadonlySet<NotificationType> = new Set([
  'safety_state_changed',
  'operational_state_changed',
  'metric_limit_reached',
  'metric_limits_state_changed',
  'advanced_indicator_state_changed',
]);
const STATISTICAL: ReadonlySet<NotificationType> = new Set([
  'trend_state_changed',
  'trend_state_trending',
  'abnormality_state_changed',
  'abnormality_state_out_of_control',
  'metric_quality_state_changed',
  'invalid_metric_received',
  'unknown_payload_received',
  'invalid_payload_received',
]);

/**
 * Priority of the `alert` stream message for a notification: critical for a critical safety or
 * limit event, major for other critical ones (a silent logger); minor for statistical and payload
 * warnings, warning for the rest; informational for recoveries and other info.
 */
export function alertPriority(type: NotificationType, level: NotificationLevel): AlertPriority {
  if (level === 'critical') return SAFETY_CRITICAL.has(type) ? 'critical' : 'major';
  if (level === 'warning') return STATISTICAL.has(type) ? 'minor' : 'warning';
  return 'informational';
}

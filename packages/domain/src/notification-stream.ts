import type { AlertPriority, NotificationLevel, NotificationType } from './events.ts';

/**
 * The notification stream as the web app consumes it (requirements#monitoring-states, #monitoring-constants): the
 * shapes of its messages,
 * the reconnect schedule and how an `alert` is shown.
 */

/** A notification as the list, the single read and the stream carry it (requirements#monitoring-entities). */
export interface NotificationObject {
  id: string;
  text: string;
  /** whether the asking user has read it */
  is_read: boolean;
  created_at: string;
  icon: string;
  level: NotificationLevel;
  read_by_users: NotificationReader[];
  notification_type: { name: NotificationType };
  extra: NotificationExtra;
}

/** A user who read a notification. */
export interface NotificationReader {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  read_at: string;
}

/** The entity an event is about, as the notification copied it when it was raised. */
export interface NotificationEntity {
  id: string;
  eid: string;
  title: string;
  description: string | null;
  monitored_entity_type: 'instrument' | 'interface-node' | 'virtual-device';
  scheme: { id: string; name: string } | null;
  [state: string]: unknown;
}

/** Which view of the web app the entity block links to. */
export type NotificationView = 'safety-state' | 'operational-state' | 'metrics';

export interface NotificationExtra {
  event_type: NotificationType;
  event_id: string;
  event_created_at: string;
  execution_created_at: string | null;
  /** the event's fields; which ones depends on the type (requirements#monitoring-entities event context) */
  event_context: Record<string, unknown>;
  monitored_entity: NotificationEntity | null;
  monitored_entity_type: NotificationEntity['monitored_entity_type'] | null;
  rule_type: string;
  payload_id: string | null;
  payload_type: string | null;
  device_profile_snapshot: { title: string | null };
  view: NotificationView;
  /** what the event did to its alarm (ADR 0024); null for events that raise none; absent on older notifications */
  alarm?: NotificationAlarm | null;
  /** set on the notification of an alarm not acknowledged by its TARP deadline */
  escalation?: { role: string; tarp_level: string | null; alarm_id: string };
}

/** An alarm as a notification carries it: needs_action says an operator must act now (a snackbar). */
export interface NotificationAlarm {
  id: string;
  state: 'active_unacknowledged' | 'active_acknowledged' | 'cleared_unacknowledged' | 'normal';
  needs_action: boolean;
  tarp_level: string | null;
}

/** Whether a notification asks an operator to act: its alarm was raised and waits, not shelved or suppressed. */
export const needsAction = (extra: Pick<NotificationExtra, 'alarm'> | undefined): boolean =>
  extra?.alarm?.needs_action === true;

/** The `alert` message that follows a live notification. */
export interface StreamAlert {
  priority: AlertPriority;
  level: NotificationLevel;
  notification_type: NotificationType;
  text: string;
  notification_id: string;
  monitored_entity_id: string | null;
}

/**
 * Ours, besides the spec's stream types: which entities of the project got readings lately, sent a
 * few seconds at a time, so that dashboards show new values without a reload.
 */
export const READINGS_STREAM_TYPE = 'readings';
export interface StreamReadings {
  monitored_entity_ids: string[];
  latest_read_at: string;
}

/** The first retry after the stream closed on an error (requirements#monitoring-constants). */
export const STREAM_RETRY_START_MS = 5_000;
/** The delay that, once exceeded, stops the doubling. */
export const STREAM_RETRY_DOUBLING_LIMIT_MS = 160_000;

/**
 * The delay before retry number `attempt` (0 for the first) after the stream closed on an error.
 * requirements#monitoring-states says "retry after 5 s, doubling each time until the delay exceeds 160 s; after that
 * the delay stays", and requirements#monitoring-constants "doubling until above 160 s": a delay of 160 s still doubles,
 * to 320 s,
 * which exceeds 160 s and so stays. Hence 5, 10, 20, 40, 80, 160, 320, 320, … seconds.
 */
export function streamRetryDelay(attempt: number): number {
  let delay = STREAM_RETRY_START_MS;
  for (let i = 0; i < attempt && delay <= STREAM_RETRY_DOUBLING_LIMIT_MS; i++) delay *= 2;
  return delay;
}

export type AlertSnackbarVariant = 'warning' | 'error' | 'default';

/** The snackbar of an `alert`: warning gives warning; major and critical give error; minor and informational default. */
export function alertSnackbarVariant(priority: AlertPriority | string): AlertSnackbarVariant {
  if (priority === 'warning') return 'warning';
  if (priority === 'major' || priority === 'critical') return 'error';
  return 'default';
}

import { RULE_TYPE_OF_EVENT, type NotificationLevel, type NotificationType } from '@vigil/domain';
import type { Transaction } from 'kysely';
import type { BusEvents } from '../../bus/bus.ts';
import type { Database } from '../../db/schema.ts';
import { fromJson, newId, toJson } from '../../db/values.ts';
import { presentNotification } from './notification-presenter.ts';
import { findFirstNotificationOfEvent, insertNotifications, type NewNotification } from './store.ts';

/**
 * The one place notifications are created: of the rules engine's events, and of alarms escalated
 * past their TARP deadline. Each runs in the caller's transaction and answers what to publish on
 * `notification.created` once it has committed.
 */

type Created = BusEvents['notification.created'];
type Trx = Transaction<Database>;

/** The entity a notification is about, as its `extra.monitored_entity` shows it. */
export interface NotifiedEntity {
  id: string;
  eid: string;
  title: string;
  description: string;
  entityType: string;
  schemeId: string | null;
  schemeName: string | null;
  maintenanceMode: boolean;
  turnedOff: boolean;
  decommissioned: boolean;
  states: object;
}

/** A recorded event to notify the project of. */
export interface EventNotification {
  projectId: string;
  eventId: string;
  executionId: string | null;
  type: NotificationType;
  level: NotificationLevel;
  text: string;
  context: Record<string, unknown>;
  entity: NotifiedEntity | null;
  payload?: { id: string; type: string };
  /** what the event did to its alarm (ADR 0024), when it moved one */
  alarm: { id: string; state: string; needs_action: boolean; tarp_level: string | null } | null;
  createdAt: string;
}

/** Which view of the web app an event's EID opens. */
function viewOf(type: NotificationType): string {
  if (type === 'safety_state_changed') return 'safety-state';
  if (type === 'operational_state_changed') return 'operational-state';
  return 'metrics';
}

function entityBlock(e: NotifiedEntity) {
  return {
    id: e.id,
    eid: e.eid,
    title: e.title,
    description: e.description,
    monitored_entity_type: e.entityType,
    scheme: e.schemeId ? { id: e.schemeId, name: e.schemeName } : null,
    maintenance_mode: e.maintenanceMode,
    turned_off: e.turnedOff,
    decommissioned: e.decommissioned,
    ...e.states,
  };
}

function eventNotificationRow(n: EventNotification): NewNotification {
  const extra = {
    event_type: n.type,
    event_id: n.eventId,
    event_created_at: n.createdAt,
    execution_created_at: n.executionId ? n.createdAt : null,
    event_context: n.context,
    monitored_entity: n.entity ? entityBlock(n.entity) : null,
    monitored_entity_type: n.entity?.entityType ?? null,
    rule_type: RULE_TYPE_OF_EVENT[n.type],
    payload_id: n.payload?.id ?? null,
    payload_type: n.payload?.type ?? null,
    device_profile_snapshot: { title: n.entity?.title ?? null },
    view: viewOf(n.type),
    alarm: n.alarm,
  };
  return {
    id: newId(),
    project_id: n.projectId,
    event_id: n.eventId,
    entity_id: n.entity?.id ?? null,
    scheme_id: n.entity?.schemeId ?? null,
    notification_type: n.type,
    level: n.level,
    text: n.text,
    icon: n.level,
    extra: toJson(extra),
    created_at: n.createdAt,
  };
}

/** Creates the notifications of recorded events, in multi-row statements: one created notification per input, in order. */
export async function notifyEvents(trx: Trx, notifications: EventNotification[]): Promise<Created[]> {
  const rows = notifications.map(eventNotificationRow);
  const seqs = await insertNotifications(trx, rows);
  return rows.map((row) => {
    const seq = seqs.get(row.id)!;
    return { projectId: row.project_id, seq, notification: presentNotification({ ...row, seq }, false) };
  });
}

/** An alarm not acknowledged by its deadline, as its escalation notification needs it. */
export interface EscalatedAlarm {
  id: string;
  project_id: string;
  last_event_id: string | null;
  level: string;
  text: string;
  tarp_level: string | null;
}

/**
 * The notification of an escalation: the alarm's last one again, for the users of the next role
 * (ADR 0031). Null when the alarm's event notified nobody (its entity's notifications were held back).
 */
export async function notifyEscalation(
  trx: Trx,
  alarm: EscalatedAlarm,
  role: string,
  now: string,
): Promise<Created | null> {
  if (!alarm.last_event_id) return null;
  const original = await findFirstNotificationOfEvent(trx, alarm.last_event_id);
  if (!original) return null;
  const extra = {
    ...fromJson<Record<string, unknown>>(original.extra, {}),
    escalation: { role, tarp_level: alarm.tarp_level, alarm_id: alarm.id },
    alarm: { id: alarm.id, state: 'active_unacknowledged', needs_action: true, tarp_level: alarm.tarp_level },
  };
  const row = {
    id: newId(),
    project_id: alarm.project_id,
    event_id: original.event_id,
    entity_id: original.entity_id,
    scheme_id: original.scheme_id,
    notification_type: original.notification_type,
    level: alarm.level,
    text: `Not acknowledged in time, escalated to ${role}: ${alarm.text}`,
    icon: alarm.level,
    extra: toJson(extra),
    created_at: now,
  };
  const seqs = await insertNotifications(trx, [{ ...row, recipient_role: role }]);
  const seq = seqs.get(row.id)!;
  return {
    projectId: alarm.project_id,
    seq,
    notification: presentNotification({ ...row, seq }, false),
    recipientRole: role,
  };
}

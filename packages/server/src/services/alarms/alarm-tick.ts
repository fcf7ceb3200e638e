import type { Transaction } from 'kysely';
import type { BusEvents } from '../../bus/bus.ts';
import type { Database } from '../../db/schema.ts';
import { fromJson, newId, toJson } from '../../db/values.ts';
import { presentNotification } from '../notifications/notification-presenter.ts';
import { appendHistory, updateAlarm } from './alarm-store.ts';
import { findTarpLevels } from './tarp-levels.ts';

type Created = BusEvents['notification.created'];

/**
 * What time alone does to alarms, on the engine's tick: a shelf past its expiry is taken off, and an
 * alarm not acknowledged by its TARP deadline escalates once, with a notification to the level's
 * next role. Answers the notifications to announce after the transaction commits.
 */
export async function alarmTick(trx: Transaction<Database>, now: string): Promise<Created[]> {
  await unshelveExpired(trx, now);
  return escalateOverdue(trx, now);
}

async function unshelveExpired(trx: Transaction<Database>, now: string) {
  const expired = await trx
    .selectFrom('alarms')
    .select(['id', 'project_id', 'shelved_until'])
    .where('shelved_until', '<=', now)
    .execute();
  if (!expired.length) return;
  await trx
    .updateTable('alarms')
    .set({ shelved_by: null, shelved_at: null, shelved_until: null, shelve_reason: null })
    .where(
      'id',
      'in',
      expired.map((a) => a.id),
    )
    .execute();
  await appendHistory(
    trx,
    expired.map((a) => ({
      alarmId: a.id,
      projectId: a.project_id,
      action: 'unshelved' as const,
      at: now,
      details: { expired_at: a.shelved_until },
    })),
  );
}

async function escalateOverdue(trx: Transaction<Database>, now: string): Promise<Created[]> {
  const overdue = await trx
    .selectFrom('alarms')
    .selectAll()
    .where('state', 'in', ['active_unacknowledged', 'cleared_unacknowledged'])
    .where('ack_deadline', '<=', now)
    .where('escalated_at', 'is', null)
    .where('suppressed', 'is', null)
    .where((eb) => eb.or([eb('shelved_until', 'is', null), eb('shelved_until', '<=', now)]))
    .orderBy('ack_deadline')
    .execute();
  const created: Created[] = [];
  // one read of each project's levels, however many of its alarms are overdue
  const levels = new Map<string, Awaited<ReturnType<typeof findTarpLevels>>>();
  for (const alarm of overdue) {
    if (!levels.has(alarm.project_id)) levels.set(alarm.project_id, await findTarpLevels(trx, alarm.project_id));
    const level = levels.get(alarm.project_id)!.find((l) => l.key === alarm.tarp_level);
    const role = level?.escalate_to_role ?? null;
    await updateAlarm(trx, alarm.id, { escalated_at: now });
    await appendHistory(trx, [
      {
        alarmId: alarm.id,
        projectId: alarm.project_id,
        action: 'escalated',
        at: now,
        details: { to_role: role, deadline: alarm.ack_deadline },
      },
    ]);
    const notification = role ? await escalationNotification(trx, alarm, role, now) : null;
    if (notification) created.push(notification);
  }
  return created;
}

/** The notification of an escalation: the alarm's last one again, for the users of the next role (ADR 0031). */
async function escalationNotification(
  trx: Transaction<Database>,
  alarm: {
    id: string;
    project_id: string;
    last_event_id: string | null;
    level: string;
    text: string;
    tarp_level: string | null;
  },
  role: string,
  now: string,
): Promise<Created | null> {
  if (!alarm.last_event_id) return null;
  const original = await trx
    .selectFrom('notifications')
    .selectAll()
    .where('event_id', '=', alarm.last_event_id)
    .orderBy('seq')
    .executeTakeFirst();
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
  const { seq } = await trx
    .insertInto('notifications')
    .values({ ...row, recipient_role: role })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return {
    projectId: alarm.project_id,
    seq: Number(seq),
    notification: presentNotification({ ...row, seq: Number(seq) }, false),
    recipientRole: role,
  };
}

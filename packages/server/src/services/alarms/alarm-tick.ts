import type { Transaction } from 'kysely';
import type { BusEvents } from '../../bus/bus.ts';
import type { Database } from '../../db/schema.ts';
import { notifyEscalation } from '../notifications/notification-creation.ts';
import { appendHistory, findOverdueAlarms, unshelveExpired, updateAlarm } from './alarm-store.ts';
import { findTarpLevels } from './tarp-levels.ts';

type Created = BusEvents['notification.created'];

/**
 * What time alone does to alarms, on the engine's tick: a shelf past its expiry is taken off, and an
 * alarm not acknowledged by its TARP deadline escalates once, with a notification to the level's
 * next role. Answers the notifications to announce after the transaction commits.
 */
export async function alarmTick(trx: Transaction<Database>, now: string): Promise<Created[]> {
  await unshelveWithHistory(trx, now);
  return escalateOverdue(trx, now);
}

async function unshelveWithHistory(trx: Transaction<Database>, now: string) {
  const expired = await unshelveExpired(trx, now);
  if (!expired.length) return;
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
  const overdue = await findOverdueAlarms(trx, now);
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
    const notification = role ? await notifyEscalation(trx, alarm, role, now) : null;
    if (notification) created.push(notification);
  }
  return created;
}

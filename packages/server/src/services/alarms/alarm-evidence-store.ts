import type { Db } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';

/**
 * The events that are evidence of alarms not at rest (ADR 0046): for every alarm active or waiting
 * for an acknowledgement, its last event (an escalation repeats its notification) and the events of
 * its current episode (raises and clears since `first_raised_at`, as its history names them).
 * Retention keeps their notifications and executions; the alarms' history is never deleted.
 */
export async function openAlarmEventIds(db: Db): Promise<Set<string>> {
  const open = await db
    .selectFrom('alarms')
    .select(['id', 'first_raised_at', 'last_event_id'])
    .where('state', '<>', 'normal')
    .execute();
  const ids = new Set(open.flatMap((a) => (a.last_event_id ? [a.last_event_id] : [])));
  for (let i = 0; i < open.length; i += 500) {
    const history = await db
      .selectFrom('alarm_history as h')
      .innerJoin('alarms as a', 'a.id', 'h.alarm_id')
      .select('h.details')
      .where(
        'h.alarm_id',
        'in',
        open.slice(i, i + 500).map((a) => a.id),
      )
      .whereRef('h.at', '>=', 'a.first_raised_at')
      .where('h.action', 'in', ['raised', 'cleared'])
      .execute();
    for (const { details } of history) {
      const eventId = fromJson<{ event_id?: unknown }>(details, {}).event_id;
      if (typeof eventId === 'string') ids.add(eventId);
    }
  }
  return ids;
}

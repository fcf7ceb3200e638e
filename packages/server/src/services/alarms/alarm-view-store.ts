import type { AlarmListQuery } from '@vigil/domain';
import { sql } from 'kysely';
import { TEST_ALARM_SOURCE } from '../call-out/test-alarm.ts';
import type { AlarmDb } from './alarm-store.ts';

const ACTIVE = ['active_unacknowledged', 'active_acknowledged'];

/** Alarms with their entity's title and the names of who acknowledged and shelved them. */
export function alarmViews(db: AlarmDb, projectId: string) {
  return db
    .selectFrom('alarms as a')
    .leftJoin('monitored_entities as e', 'e.id', 'a.entity_id')
    .leftJoin('users as ack', 'ack.id', 'a.acknowledged_by')
    .leftJoin('users as shelf', 'shelf.id', 'a.shelved_by')
    .selectAll('a')
    .select([
      'e.title as entity_title',
      'e.entity_type as entity_type',
      'ack.username as acknowledged_by_name',
      'shelf.username as shelved_by_name',
    ])
    .where('a.project_id', '=', projectId);
}

/**
 * One page of a project's alarms, most urgent first: active and unacknowledged, active and
 * acknowledged, cleared and unacknowledged, then at rest; critical before warning; newest first.
 */
export async function listAlarms(db: AlarmDb, projectId: string, q: AlarmListQuery, now: string) {
  let query = alarmViews(db, projectId);
  if (q.state) query = query.where('a.state', '=', q.state);
  else if (q.scope === 'active') query = query.where('a.state', 'in', ACTIVE);
  else if (q.scope === 'open') query = query.where('a.state', '!=', 'normal');
  else if (q.scope === 'waiting')
    query = query
      .where('a.state', 'in', ['active_unacknowledged', 'cleared_unacknowledged'])
      .where('a.suppressed', 'is', null)
      .where((eb) => eb.or([eb('a.shelved_until', 'is', null), eb('a.shelved_until', '<=', now)]));
  if (q.level) query = query.where('a.level', '=', q.level);
  if (q.monitored_entity_id) query = query.where('a.entity_id', '=', q.monitored_entity_id);
  if (q.tarp_level) query = query.where('a.tarp_level', '=', q.tarp_level);
  if (q.shelved === 'true') query = query.where('a.shelved_until', '>', now);
  if (q.shelved === 'false')
    query = query.where((eb) => eb.or([eb('a.shelved_until', 'is', null), eb('a.shelved_until', '<=', now)]));
  const { count } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy(
      sql`case a.state when 'active_unacknowledged' then 0 when 'active_acknowledged' then 1 when 'cleared_unacknowledged' then 2 else 3 end`,
    )
    .orderBy(sql`case a.level when 'critical' then 0 when 'warning' then 1 else 2 end`)
    .orderBy('a.last_raised_at', 'desc')
    .orderBy('a.id')
    .limit(q.paginate_by)
    .offset((q.page - 1) * q.paginate_by)
    .execute();
  return { count: Number(count), rows };
}

/** The alarms raised in a period (every raise, the entity's title with it), oldest first. */
export function raisesBetween(db: AlarmDb, projectId: string, from: string, to: string) {
  // a call-out test (ADR 0050) is no alarm of the site's: never in its rates
  return db
    .selectFrom('alarm_history as h')
    .innerJoin('alarms as a', 'a.id', 'h.alarm_id')
    .leftJoin('monitored_entities as e', 'e.id', 'a.entity_id')
    .select(['h.alarm_id', 'h.action', 'h.at', 'h.details', 'a.source', 'e.title'])
    .where('h.project_id', '=', projectId)
    .where('h.action', 'in', ['raised', 'cleared'])
    .where('a.source', '!=', TEST_ALARM_SOURCE)
    .where('h.at', '>=', from)
    .where('h.at', '<', to)
    .orderBy('h.at')
    .execute();
}

/** An alarm's history, newest first, with who did each step: the last 500 steps. */
export const findAlarmHistory = (db: AlarmDb, projectId: string, alarmId: string) =>
  db
    .selectFrom('alarm_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .selectAll('h')
    .select('u.username as user_name')
    .where('h.project_id', '=', projectId)
    .where('h.alarm_id', '=', alarmId)
    .orderBy('h.at', 'desc')
    .orderBy('h.id')
    .limit(500)
    .execute();

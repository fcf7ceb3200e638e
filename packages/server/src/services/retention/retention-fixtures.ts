import { sql } from 'kysely';
import { newId, toJson } from '../../db/values.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { TEST_DIALECT } from '../../test-support/test-app.ts';

/** Rows written straight into the database at chosen times: retention is about age, which the API cannot fake. */

export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

export interface Place {
  projectId: string;
  entityId: string;
}

export async function insertExecution(t: TestApp, at: Place, createdAt: string): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('state_rule_executions')
    .values({
      id,
      project_id: at.projectId,
      entity_id: at.entityId,
      rule_type: 'safety_state',
      rule_name: 'safety_state_rules',
      rule: 'pressure > 100',
      execution_log: toJson(['pressure > 100: true']),
      rule_execution_result: 'true',
      advanced_indicators: '[]',
      created_at: createdAt,
    })
    .execute();
  return id;
}

/** An event (with its execution, when given) and its notification, read by `readers`. */
export async function insertNotifiedEvent(
  t: TestApp,
  at: Place,
  createdAt: string,
  options: { executionId?: string; readers?: string[] } = {},
): Promise<{ eventId: string; seq: number }> {
  const eventId = newId();
  await t.db
    .insertInto('events')
    .values({
      id: eventId,
      project_id: at.projectId,
      entity_id: at.entityId,
      type: 'safety_state_changed',
      rule_type: 'safety_state',
      rule_execution_id: options.executionId ?? null,
      payload_id: null,
      context: toJson({ rule_execution_id: options.executionId ?? null }),
      dedupe_key: eventId,
      created_at: createdAt,
    })
    .execute();
  const id = newId();
  const { seq } = await t.db
    .insertInto('notifications')
    .values({
      id,
      project_id: at.projectId,
      event_id: eventId,
      entity_id: at.entityId,
      scheme_id: null,
      notification_type: 'safety_state_changed',
      level: 'critical',
      text: `safety at ${createdAt}`,
      icon: 'critical',
      extra: '{}',
      created_at: createdAt,
    })
    .returning('seq')
    .executeTakeFirstOrThrow();
  for (const userId of options.readers ?? []) {
    await t.db
      .insertInto('notification_reads')
      .values({ notification_id: id, user_id: userId, read_at: createdAt })
      .execute();
  }
  return { eventId, seq: Number(seq) };
}

export async function insertSnapshot(t: TestApp, entityId: string, createdAt: string): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('entity_snapshots')
    .values({ id, entity_id: entityId, created_at: createdAt, states: '{}' })
    .execute();
  return id;
}

/**
 * An alarm of the entity in `state`, whose current episode began at `firstRaisedAt`, with a history
 * row for each of `raises` (event id and time).
 */
export async function insertAlarm(
  t: TestApp,
  at: Place,
  state: 'normal' | 'active_unacknowledged' | 'active_acknowledged' | 'cleared_unacknowledged',
  firstRaisedAt: string,
  raises: Array<{ eventId: string; at: string }>,
): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('alarms')
    .values({
      id,
      project_id: at.projectId,
      entity_key: at.entityId,
      entity_id: at.entityId,
      source: `safety_state:${id}`,
      state,
      level: 'critical',
      colour: 'red',
      occurrence_count: raises.length,
      first_raised_at: firstRaisedAt,
      last_raised_at: raises.at(-1)?.at ?? firstRaisedAt,
      checklist_done: '[]',
      last_event_id: null,
      text: 'Safety state red',
    })
    .execute();
  for (const raise of raises) {
    await t.db
      .insertInto('alarm_history')
      .values({
        id: newId(),
        alarm_id: id,
        project_id: at.projectId,
        action: 'raised',
        at: raise.at,
        user_id: null,
        comment: null,
        details: toJson({ event_id: raise.eventId, level: 'critical' }),
      })
      .execute();
  }
  return id;
}

/** Every table of the schema with its number of rows (Kysely's own tables left out). */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables =
    TEST_DIALECT === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db)).rows;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (name.startsWith('kysely_') || name.startsWith('sqlite_')) continue;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(t.db);
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

import type { Kysely } from 'kysely';
import { createIndex, optionallyOwnedBy, ownedBy, projectTable } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0024: one alarm per source, its
// ISA-18.2 state, and every change to it in its history.
export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'alarms')
    // '-' for sources that belong to no entity (payloads of unknown devices): part of the unique key.
    .addColumn('entity_key', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', optionallyOwnedBy('monitored_entities.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('occurrence_count', 'integer', (c) => c.notNull())
    .addColumn('first_raised_at', 'text', (c) => c.notNull())
    .addColumn('last_raised_at', 'text', (c) => c.notNull())
    .addColumn('cleared_at', 'text')
    .addColumn('acknowledged_by', 'text')
    .addColumn('acknowledged_at', 'text')
    .addColumn('ack_comment', 'text')
    .addColumn('shelved_by', 'text')
    .addColumn('shelved_at', 'text')
    .addColumn('shelved_until', 'text')
    .addColumn('shelve_reason', 'text')
    .addColumn('suppressed', 'text')
    .addColumn('tarp_level', 'text')
    .addColumn('ack_deadline', 'text')
    .addColumn('escalated_at', 'text')
    .addColumn('checklist_done', 'text', (c) => c.notNull())
    .addColumn('last_event_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    // One alarm per source, so that concurrent identical raises meet on one row.
    .addUniqueConstraint('alarms_source', ['project_id', 'entity_key', 'source'])
    .execute();
  await createIndex(db, 'alarms_project_state', 'alarms', ['project_id', 'state']);
  await createIndex(db, 'alarms_deadline', 'alarms', ['ack_deadline']);

  await db.schema
    .createTable('alarm_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alarm_id', 'text', ownedBy('alarms.id'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('comment', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'alarm_history_alarm', 'alarm_history', ['alarm_id', 'at']);
  await createIndex(db, 'alarm_history_project_action', 'alarm_history', ['project_id', 'action', 'at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alarm_history').execute();
  await db.schema.dropTable('alarms').execute();
}

import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0024: one alarm per source, its
// ISA-18.2 state, and every change to it in its history.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alarms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // '-' for sources that belong to no entity (payloads of unknown devices): part of the unique key.
    .addColumn('entity_key', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.references('monitored_entities.id').onDelete('cascade'))
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
  await db.schema.createIndex('alarms_project_state').on('alarms').columns(['project_id', 'state']).execute();
  await db.schema.createIndex('alarms_deadline').on('alarms').columns(['ack_deadline']).execute();

  await db.schema
    .createTable('alarm_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alarm_id', 'text', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('comment', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarm_history_alarm').on('alarm_history').columns(['alarm_id', 'at']).execute();
  await db.schema
    .createIndex('alarm_history_project_action')
    .on('alarm_history')
    .columns(['project_id', 'action', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alarm_history').execute();
  await db.schema.dropTable('alarms').execute();
}

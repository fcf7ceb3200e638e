import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0027: journals and their entries with
// a history of every change; data sessions; manual readings with who entered them and every
// correction (the readings themselves are stored by ingest like any other).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journals_project').on('journals').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('journal_id', 'text', (c) => c.notNull().references('journals.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('author', 'text')
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('monitored_entity_ids', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('journal_entries_journal')
    .on('journal_entries')
    .columns(['journal_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('journal_entries_project')
    .on('journal_entries')
    .columns(['project_id', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('journal_entry_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entry_id', 'text', (c) => c.notNull().references('journal_entries.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text')
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_entry_history_entry')
    .on('journal_entry_history')
    .columns(['entry_id', 'at'])
    .execute();

  await db.schema
    .createTable('data_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('author', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('data_sessions_project')
    .on('data_sessions')
    .columns(['project_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('manual_readings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('data_session_id', 'text', (c) => c.notNull().references('data_sessions.id').onDelete('cascade'))
    .addColumn('entity_id', 'text', (c) => c.notNull().references('monitored_entities.id').onDelete('cascade'))
    .addColumn('data_point_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addColumn('raw_metrics', 'text', (c) => c.notNull())
    .addColumn('entered_by', 'text')
    .addColumn('entered_at', 'text', (c) => c.notNull())
    .addColumn('corrected_by', 'text')
    .addColumn('corrected_at', 'text')
    .addUniqueConstraint('manual_readings_reading', ['entity_id', 'data_point_id', 'read_at'])
    .execute();
  await db.schema.createIndex('manual_readings_session').on('manual_readings').columns(['data_session_id']).execute();

  await db.schema
    .createTable('manual_reading_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reading_id', 'text', (c) => c.notNull().references('manual_readings.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text')
    .addColumn('raw_metrics', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createIndex('manual_reading_history_reading')
    .on('manual_reading_history')
    .columns(['reading_id', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'manual_reading_history',
    'manual_readings',
    'data_sessions',
    'journal_entry_history',
    'journal_entries',
    'journals',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

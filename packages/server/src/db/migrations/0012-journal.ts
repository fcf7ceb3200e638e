import type { Kysely } from 'kysely';
import { createIndex, creation, historyOf, ownedBy, projectTable, timestamps } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0027: journals and their entries with
// a history of every change; data sessions; manual readings with who entered them and every
// correction (the readings themselves are stored by ingest like any other).
export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'journals')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .$call(creation)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'journals_project', 'journals', ['project_id', 'created_at']);

  await projectTable(db, 'journal_entries')
    .addColumn('journal_id', 'text', ownedBy('journals.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('author', 'text')
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('monitored_entity_ids', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .$call(timestamps)
    .addColumn('updated_by', 'text')
    .execute();
  await createIndex(db, 'journal_entries_journal', 'journal_entries', ['journal_id', 'occurred_at']);
  await createIndex(db, 'journal_entries_project', 'journal_entries', ['project_id', 'occurred_at']);

  await db.schema
    .createTable('journal_entry_history')
    .$call(historyOf('journal_entries', 'entry_id'))
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'journal_entry_history_entry', 'journal_entry_history', ['entry_id', 'at']);

  await projectTable(db, 'data_sessions')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('author', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'data_sessions_project', 'data_sessions', ['project_id', 'started_at']);

  await projectTable(db, 'manual_readings')
    .addColumn('data_session_id', 'text', ownedBy('data_sessions.id'))
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('data_point_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addColumn('raw_metrics', 'text', (c) => c.notNull())
    .addColumn('entered_by', 'text')
    .addColumn('entered_at', 'text', (c) => c.notNull())
    .addColumn('corrected_by', 'text')
    .addColumn('corrected_at', 'text')
    .addUniqueConstraint('manual_readings_reading', ['entity_id', 'data_point_id', 'read_at'])
    .execute();
  await createIndex(db, 'manual_readings_session', 'manual_readings', ['data_session_id']);

  await db.schema
    .createTable('manual_reading_history')
    .$call(historyOf('manual_readings', 'reading_id'))
    .addColumn('raw_metrics', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .execute();
  await createIndex(db, 'manual_reading_history_reading', 'manual_reading_history', ['reading_id', 'at']);
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

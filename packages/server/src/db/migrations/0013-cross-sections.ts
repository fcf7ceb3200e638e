import type { Kysely } from 'kysely';
import { createIndex, creation, historyOf, projectTable } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0028: a cross section's fields as one
// JSON document beside its name, and every change to it in its history.
export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'cross_sections')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .$call(creation)
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'text')
    .execute();
  await createIndex(db, 'cross_sections_project', 'cross_sections', ['project_id', 'name']);

  await db.schema
    .createTable('cross_section_history')
    .$call(historyOf('cross_sections', 'cross_section_id'))
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'cross_section_history_section', 'cross_section_history', ['cross_section_id', 'at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cross_section_history').execute();
  await db.schema.dropTable('cross_sections').execute();
}

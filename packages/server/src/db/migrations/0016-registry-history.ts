import { sql, type Kysely } from 'kysely';
import { createIndex, projectTable } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0034: every create, change and delete of
// a device, scheme or basic group, kept with who, when and each field's old and new value. No foreign
// key: a deleted thing's history stays readable. Groups get an updated_at, their version for If-Match.
export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'registry_history')
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'registry_history_subject', 'registry_history', ['subject_id', 'changed_at']);
  await db.schema.alterTable('basic_groups').addColumn('updated_at', 'text').execute();
  await sql`update basic_groups set updated_at = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('basic_groups').dropColumn('updated_at').execute();
  await db.schema.dropTable('registry_history').execute();
}

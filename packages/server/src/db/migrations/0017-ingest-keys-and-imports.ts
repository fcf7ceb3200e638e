import type { Kysely } from 'kysely';
import { createIndex, creation, projectTable } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0035: ingest keys (stored hashed), the
// import profiles that map a logger file's columns to devices, and the imports themselves.

export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'ingest_keys')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('monitored_entity_ids', 'text', (c) => c.notNull())
    .$call(creation)
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_address', 'text')
    .execute();
  await createIndex(db, 'ingest_keys_project', 'ingest_keys', ['project_id', 'created_at']);

  await projectTable(db, 'import_profiles')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull())
    .$call(creation)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('import_profiles_name', ['project_id', 'name'])
    .execute();

  await projectTable(db, 'imports')
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('rows_total', 'integer', (c) => c.notNull())
    .addColumn('rows_done', 'integer', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('key_id', 'text')
    .$call(creation)
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('heartbeat_at', 'text')
    .execute();
  await createIndex(db, 'imports_project', 'imports', ['project_id', 'created_at']);
  await createIndex(db, 'imports_status', 'imports', ['status']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imports').execute();
  await db.schema.dropTable('import_profiles').execute();
  await db.schema.dropTable('ingest_keys').execute();
}

import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0035: ingest keys (stored hashed), the
// import profiles that map a logger file's columns to devices, and the imports themselves.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ingest_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('monitored_entity_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_address', 'text')
    .execute();
  await db.schema.createIndex('ingest_keys_project').on('ingest_keys').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('import_profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('import_profiles_name', ['project_id', 'name'])
    .execute();

  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
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
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('heartbeat_at', 'text')
    .execute();
  await db.schema.createIndex('imports_project').on('imports').columns(['project_id', 'created_at']).execute();
  await db.schema.createIndex('imports_status').on('imports').columns(['status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imports').execute();
  await db.schema.dropTable('import_profiles').execute();
  await db.schema.dropTable('ingest_keys').execute();
}

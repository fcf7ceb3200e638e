import type { Kysely } from 'kysely';
import { createIndex, optionallyOwnedBy, ownedBy, projectTable, timestamps } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0025: media file records (their bytes
// live in a folder or a bucket under an id-based key), thumbnail types, and background tasks.
export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'thumbnail_types')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('auto_process', 'integer', (c) => c.notNull())
    .addColumn('dimensions', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'thumbnail_types_project', 'thumbnail_types', ['project_id']);

  await projectTable(db, 'media_files')
    // A thumbnail belongs to the file it was made from and goes with it.
    .addColumn('parent_id', 'text', optionallyOwnedBy('media_files.id'))
    .addColumn('thumbnail_name', 'text')
    .addColumn('original_filename', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('attrs', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('thumbnail_type_id', 'text', (c) => c.references('thumbnail_types.id').onDelete('set null'))
    // Where the bytes are: an id-based key, never the file's name (ADR 0025).
    .addColumn('storage_key', 'text')
    .addColumn('is_uploaded', 'integer', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addColumn('upload_ticket_hash', 'text')
    .addColumn('upload_expires_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'text')
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'media_files_project_listing', 'media_files', ['project_id', 'is_uploaded', 'created_at']);
  await createIndex(db, 'media_files_parent', 'media_files', ['parent_id']);

  await projectTable(db, 'media_tasks')
    .addColumn('file_id', 'text', ownedBy('media_files.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .$call(timestamps)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_tasks').execute();
  await db.schema.dropTable('media_files').execute();
  await db.schema.dropTable('thumbnail_types').execute();
}

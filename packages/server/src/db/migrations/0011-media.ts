import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0025: media file records (their bytes
// live in a folder or a bucket under an id-based key), thumbnail types, and background tasks.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('thumbnail_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('auto_process', 'integer', (c) => c.notNull())
    .addColumn('dimensions', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('thumbnail_types_project').on('thumbnail_types').columns(['project_id']).execute();

  await db.schema
    .createTable('media_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // A thumbnail belongs to the file it was made from and goes with it.
    .addColumn('parent_id', 'text', (c) => c.references('media_files.id').onDelete('cascade'))
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
  await db.schema
    .createIndex('media_files_project_listing')
    .on('media_files')
    .columns(['project_id', 'is_uploaded', 'created_at'])
    .execute();
  await db.schema.createIndex('media_files_parent').on('media_files').columns(['parent_id']).execute();

  await db.schema
    .createTable('media_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('media_files.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_tasks').execute();
  await db.schema.dropTable('media_files').execute();
  await db.schema.dropTable('thumbnail_types').execute();
}

import type { Kysely } from 'kysely';
import { bytesType } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0022: each project's maps are drawn
// on a georeferenced site image kept in the database (bytes and their type, stretched over bounds
// named by their sides), so that maps need no tile server.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_images')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('content', bytesType(db), (c) => c.notNull())
    .addColumn('west', 'double precision', (c) => c.notNull())
    .addColumn('south', 'double precision', (c) => c.notNull())
    .addColumn('east', 'double precision', (c) => c.notNull())
    .addColumn('north', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_images').execute();
}

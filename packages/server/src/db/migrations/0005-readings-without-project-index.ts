import type { Kysely } from 'kysely';
import { createIndex } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0016: the readings' index on
// (project_id, read_at) goes; lists by project and time walk the readings' key, which starts with
// read_at, and every batch of readings writes one index less.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('readings_project_time').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'readings_project_time', 'readings', ['project_id', 'read_at']);
}

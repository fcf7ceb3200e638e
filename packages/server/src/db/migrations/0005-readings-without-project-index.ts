import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0016: the readings' index on
// (project_id, read_at) goes; lists by project and time walk the readings' key, which starts with
// read_at, and every batch of readings writes one index less.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('readings_project_time').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('readings_project_time').on('readings').columns(['project_id', 'read_at']).execute();
}

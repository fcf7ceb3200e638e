import { sql, type Kysely } from 'kysely';
import { isPostgres } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0018: one counter that every registry
// edit of an entity or a scheme moves, by trigger, so that what is derived from the registry can be
// kept and checked with one read. Ingest (latest_payload_*) and the rules engine (states, rules)
// update the entities without touching updated_at, and do not move it.
const TRIGGERS = [
  { name: 'monitored_entities_edited', on: 'monitored_entities', event: 'update of updated_at' },
  { name: 'monitored_entities_deleted', on: 'monitored_entities', event: 'delete' },
  { name: 'schemes_edited', on: 'schemes', event: 'update' },
  { name: 'schemes_deleted', on: 'schemes', event: 'delete' },
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('registry_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into registry_version (id, version) values (1, 0)`.execute(db);
  if (postgres) {
    // The search path of the schema it is created in: tests keep one schema each in a database.
    await sql`create function registry_edited() returns trigger language plpgsql set search_path from current as $$
      begin update registry_version set version = version + 1 where id = 1; return null; end $$`.execute(db);
  }
  for (const t of TRIGGERS) {
    const body = postgres
      ? sql`for each row execute function registry_edited()`
      : sql`begin update registry_version set version = version + 1 where id = 1; end`;
    await sql`create trigger ${sql.raw(t.name)} after ${sql.raw(t.event)} on ${sql.raw(t.on)} ${body}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const t of TRIGGERS) {
    await sql`drop trigger ${sql.raw(t.name)}${sql.raw(postgres ? ` on ${t.on}` : '')}`.execute(db);
  }
  if (postgres) await sql`drop function registry_edited()`.execute(db);
  await db.schema.dropTable('registry_version').execute();
}

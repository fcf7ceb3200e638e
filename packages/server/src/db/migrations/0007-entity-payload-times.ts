import { sql, type Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0019: an entity's latest payload
// times, which every batch of readings moves, leave the entity's wide row for a narrow table of
// their own, so that a batch rewrites a few pages instead of every entity's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entity_payload_times')
    .addColumn('entity_id', 'text', (c) => c.primaryKey().references('monitored_entities.id').onDelete('cascade'))
    .addColumn('latest_payload_received_at', 'text', (c) => c.notNull())
    .addColumn('latest_payload_read_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into entity_payload_times (entity_id, latest_payload_received_at, latest_payload_read_at)
    select id, latest_payload_received_at, latest_payload_read_at from monitored_entities
    where latest_payload_received_at is not null and latest_payload_read_at is not null`.execute(db);
  await db.schema.alterTable('monitored_entities').dropColumn('latest_payload_received_at').execute();
  await db.schema.alterTable('monitored_entities').dropColumn('latest_payload_read_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('monitored_entities').addColumn('latest_payload_received_at', 'text').execute();
  await db.schema.alterTable('monitored_entities').addColumn('latest_payload_read_at', 'text').execute();
  await sql`update monitored_entities set
    latest_payload_received_at = (select p.latest_payload_received_at from entity_payload_times p where p.entity_id = monitored_entities.id),
    latest_payload_read_at = (select p.latest_payload_read_at from entity_payload_times p where p.entity_id = monitored_entities.id)`.execute(
    db,
  );
  await db.schema.dropTable('entity_payload_times').execute();
}

import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. ADR 0041: an inclinometer's datums, never
// overwritten; the newest (by set_at, canonical ISO-8601 UTC) is the datum in effect.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inclinometer_datums')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('entity_id', 'text', (c) => c.notNull().references('monitored_entities.id').onDelete('cascade'))
    .addColumn('datum_at', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text')
    .addColumn('notes', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inclinometer_datums_entity_set_at')
    .on('inclinometer_datums')
    .columns(['entity_id', 'set_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inclinometer_datums').execute();
}

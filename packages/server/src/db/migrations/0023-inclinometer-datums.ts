import type { Kysely } from 'kysely';
import { createIndex, ownedBy, projectTable } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. ADR 0041: an inclinometer's datums, never
// overwritten; the newest (by set_at, canonical ISO-8601 UTC) is the datum in effect.
export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'inclinometer_datums')
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('datum_at', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text')
    .addColumn('notes', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'inclinometer_datums_entity_set_at', 'inclinometer_datums', ['entity_id', 'set_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inclinometer_datums').execute();
}

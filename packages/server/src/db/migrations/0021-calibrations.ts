import type { Kysely } from 'kysely';
import { creation, ownedBy, projectTable } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. requirements#site-contracts: an instrument's dated calibrations,
// their factors as JSON; effective_from is canonical ISO-8601 UTC, so that text order is time order and
// one instrument has one calibration per instant.
export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'calibrations')
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('factors', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull())
    .addColumn('certificate_file_id', 'text')
    .addColumn('notes', 'text', (c) => c.notNull())
    .$call(creation)
    .addUniqueConstraint('calibrations_entity_effective_from', ['entity_id', 'effective_from'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calibrations').execute();
}

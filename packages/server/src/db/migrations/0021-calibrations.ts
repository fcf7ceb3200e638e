import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. requirements#site-contracts: an instrument's dated calibrations,
// their factors as JSON; effective_from is canonical ISO-8601 UTC, so that text order is time order and
// one instrument has one calibration per instant.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calibrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('entity_id', 'text', (c) => c.notNull().references('monitored_entities.id').onDelete('cascade'))
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('factors', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull())
    .addColumn('certificate_file_id', 'text')
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addUniqueConstraint('calibrations_entity_effective_from', ['entity_id', 'effective_from'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calibrations').execute();
}

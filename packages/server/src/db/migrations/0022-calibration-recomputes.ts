import type { Kysely } from 'kysely';
import { createIndex, ownedBy } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. ADR 0040: the recomputation of the readings a
// calibration change covers, one row per calibration (kept after the calibration is deleted, so that
// its recomputation stays readable), with its progress, so that it survives a restart.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calibration_recomputes')
    .addColumn('calibration_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', ownedBy('projects.id'))
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('range_from', 'text', (c) => c.notNull())
    .addColumn('range_to', 'text')
    .addColumn('cursor_read_at', 'text')
    .addColumn('cursor_data_point_id', 'text')
    .addColumn('readings_total', 'integer', (c) => c.notNull())
    .addColumn('readings_done', 'integer', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .execute();
  // Compaction writes only if no recomputation rewrote blocks since it read them.
  await db.schema
    .alterTable('metric_compaction')
    .addColumn('rewrites', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await createIndex(db, 'calibration_recomputes_status', 'calibration_recomputes', ['status', 'requested_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calibration_recomputes').execute();
  await db.schema.alterTable('metric_compaction').dropColumn('rewrites').execute();
}

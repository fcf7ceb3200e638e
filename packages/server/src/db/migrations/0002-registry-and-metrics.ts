import type { Kysely } from 'kysely';
import {
  autoIncrementKey,
  clusteredOnSqlite,
  createIndex,
  ownedBy,
  projectTable,
  timestamps,
  valueSummary,
} from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0007 for the metric tables.
export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'schemes')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull())
    .$call(timestamps)
    .addUniqueConstraint('schemes_project_name', ['project_id', 'name'])
    .execute();

  await projectTable(db, 'monitored_entities')
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('eid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('scheme_id', 'text', (c) => c.references('schemes.id'))
    .addColumn('interface_node_id', 'text', (c) => c.references('monitored_entities.id'))
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('user_metrics', 'text', (c) => c.notNull())
    .addColumn('metric_limits', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('asset_certificate', 'text')
    .addColumn('contracted_sla_time', 'integer', (c) => c.notNull())
    .addColumn('maintenance_mode', 'integer', (c) => c.notNull())
    .addColumn('turned_off', 'integer', (c) => c.notNull())
    .addColumn('decommissioned', 'integer', (c) => c.notNull())
    .addColumn('latest_payload_received_at', 'text')
    .addColumn('latest_payload_read_at', 'text')
    .addColumn('states', 'text', (c) => c.notNull())
    .$call(timestamps)
    .addUniqueConstraint('monitored_entities_project_eid', ['project_id', 'eid'])
    .execute();
  await createIndex(db, 'monitored_entities_project_type', 'monitored_entities', ['project_id', 'entity_type']);

  await db.schema
    .createTable('entity_snapshots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('states', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'entity_snapshots_entity_time', 'entity_snapshots', ['entity_id', 'created_at']);

  await projectTable(db, 'basic_groups')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('entity_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await projectTable(db, 'data_points')
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'data_points_entity', 'data_points', ['entity_id']);

  await db.schema
    .createTable('readings')
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('data_point_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('metrics', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('readings_pk', ['entity_id', 'data_point_id', 'read_at'])
    .execute();
  await createIndex(db, 'readings_project_time', 'readings', ['project_id', 'read_at']);

  await db.schema
    .createTable('metric_series')
    .$call(autoIncrementKey(db, 'id', 'serial'))
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('data_point_id', 'text', (c) => c.notNull())
    .addColumn('metric_group', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addUniqueConstraint('metric_series_key', ['entity_id', 'data_point_id', 'metric_group', 'metric'])
    .execute();

  // One series over a time range is one contiguous primary-key scan (WITHOUT ROWID on SQLite).
  await db.schema
    .createTable('metric_values')
    .addColumn('series_id', 'integer', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('metric_values_pk', ['series_id', 't'])
    .$call(clusteredOnSqlite(db))
    .execute();

  await db.schema
    .createTable('metric_rollups')
    .addColumn('series_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .$call(valueSummary)
    .addPrimaryKeyConstraint('metric_rollups_pk', ['series_id', 'period', 'bucket'])
    .$call(clusteredOnSqlite(db))
    .execute();

  await db.schema
    .createTable('latest_readings')
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('data_point_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('metrics', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('latest_readings_pk', ['entity_id', 'data_point_id'])
    .execute();

  await projectTable(db, 'unknown_payloads')
    .addColumn('eid', 'text')
    .addColumn('payload_type', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('incoming_payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'unknown_payloads',
    'latest_readings',
    'metric_rollups',
    'metric_values',
    'metric_series',
    'readings',
    'data_points',
    'basic_groups',
    'entity_snapshots',
    'monitored_entities',
    'schemes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

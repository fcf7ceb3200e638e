import { sql, type Kysely } from 'kysely';
import {
  autoIncrementKey,
  bytesType,
  clusteredOnSqlite,
  createIndex,
  isPostgres,
  ownedBy,
  valueSummary,
} from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0014 (metric storage: readings in
// arrival order, series values in day blocks built by compaction).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);

  // readings: keyed by time first, so that a batch of many devices appends to the indexes instead of
  // touching one page per device; `seq` is the arrival order that compaction follows.
  await db.schema.alterTable('readings').renameTo('readings_0003').execute();
  if (postgres) {
    await sql`alter table readings_0003 rename constraint readings_pk to readings_0003_pk`.execute(db);
    await sql`alter index readings_project_time rename to readings_0003_project_time`.execute(db);
  } else {
    await sql`drop index readings_project_time`.execute(db);
  }
  await db.schema
    .createTable('readings')
    .$call(autoIncrementKey(db, 'seq', 'bigserial'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('data_point_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('metrics', 'text', (c) => c.notNull())
    .addUniqueConstraint('readings_key', ['read_at', 'entity_id', 'data_point_id'])
    .execute();
  await createIndex(db, 'readings_project_time', 'readings', ['project_id', 'read_at']);
  await sql`insert into readings (read_at, entity_id, data_point_id, project_id, received_at, metrics)
    select read_at, entity_id, data_point_id, project_id, received_at, metrics from readings_0003
    order by read_at, entity_id, data_point_id`.execute(db);
  await db.schema.dropTable('readings_0003').execute();

  // Series values: one block per series and UTC day, and the day's summary for rollups, apart (the
  // summaries are small rows read by the thousand; the blocks are kilobytes). Rebuilt by compaction
  // from the readings (compacted_seq 0), so the old value and rollup tables just go.
  await db.schema.dropTable('metric_rollups').execute();
  await db.schema.dropTable('metric_values').execute();
  await db.schema
    .createTable('metric_blocks')
    .addColumn('series_id', 'integer', ownedBy('metric_series.id'))
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('data', bytesType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('metric_blocks_pk', ['series_id', 'day'])
    .execute();
  await db.schema
    .createTable('metric_days')
    .addColumn('series_id', 'integer', ownedBy('metric_series.id'))
    .addColumn('day', 'bigint', (c) => c.notNull())
    .$call(valueSummary)
    .addPrimaryKeyConstraint('metric_days_pk', ['series_id', 'day'])
    .$call(clusteredOnSqlite(db))
    .execute();
  await db.schema
    .createTable('metric_compaction')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('compacted_seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('metric_compaction').values({ id: 1, compacted_seq: 0 }).execute();
}

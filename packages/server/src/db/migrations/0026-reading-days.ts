import { sql, type Kysely } from 'kysely';
import { autoIncrementKey, bytesType, clusteredOnSqlite, isPostgres, ownedBy } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0048: compacted readings are kept as
// "reading days" (one channel's read_at, received_at and the rest of their JSON, per UTC day) beside
// the series blocks that hold their values. No data moves here: compaction fills reading days from
// the readings up to compacted_seq (`days_seq` says how far), with the codec of the day.
export async function up(db: Kysely<any>): Promise<void> {
  // A channel is an entity's own readings or one data point's; `compacted_until` is the greatest
  // read_at (epoch ms) its reading days ever held.
  await db.schema
    .createTable('reading_channels')
    .$call(autoIncrementKey(db, 'id', 'serial'))
    .addColumn('entity_id', 'text', ownedBy('monitored_entities.id'))
    .addColumn('data_point_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('compacted_until', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('reading_channels_key', ['entity_id', 'data_point_id'])
    .execute();
  await db.schema
    .createTable('reading_days')
    .addColumn('channel_id', 'integer', ownedBy('reading_channels.id'))
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('last_t', 'bigint', (c) => c.notNull())
    .addColumn('data', bytesType(db), (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_days_pk', ['channel_id', 'day'])
    .$call(clusteredOnSqlite(db))
    .execute();
  // Today's row of each channel is rewritten at every compaction, as metric_blocks' (ADR 0046).
  if (isPostgres(db)) await sql`alter table reading_days set (autovacuum_vacuum_scale_factor = 0.02)`.execute(db);
  await db.schema
    .alterTable('metric_compaction')
    .addColumn('days_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('metric_compaction').dropColumn('days_seq').execute();
  await db.schema.dropTable('reading_days').execute();
  await db.schema.dropTable('reading_channels').execute();
}

import { sql, type ColumnBuilderCallback, type Kysely } from 'kysely';
import {
  createIndex,
  isPostgres,
  optionallyOwnedBy,
  ownedBy,
  rebuildOnSqlite,
  type SqliteRebuild,
} from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. Issue 39, ADR 0051: a scheduled report is e-mailed
// through the call-out's outbox (ADR 0050), so a delivery belongs to an alarm or to a report, never both.
// A report's delivery keeps its message (`message`, JSON: subject, text and the media file id of the PDF
// attached, never its bytes).

const OWNER_CHECK = sql`(alarm_id is null) <> (report_id is null)`;

/** The columns of migration 0027's deliveries, with `alarm` as the alarm_id column's constraints. */
function deliveriesTable(db: Kysely<any>, name: string, alarm: ColumnBuilderCallback) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alarm_id', 'text', alarm)
    .addColumn('project_id', 'text', ownedBy('projects.id'))
    .addColumn('episode', 'integer', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('contact_id', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('error', 'text');
}

const COLUMNS_0027 = [
  'id',
  'alarm_id',
  'project_id',
  'episode',
  'round',
  'step',
  'channel',
  'user_id',
  'contact_id',
  'address',
  'dedupe_key',
  'status',
  'attempts',
  'next_attempt_at',
  'claimed_by',
  'claimed_until',
  'created_at',
  'sent_at',
  'error',
];

async function indexes0027(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'deliveries_queue', 'deliveries', ['status', 'next_attempt_at']);
  await createIndex(db, 'deliveries_alarm', 'deliveries', ['alarm_id', 'created_at']);
}

const withReports: SqliteRebuild = {
  columns: COLUMNS_0027,
  create: (db, name) =>
    deliveriesTable(db, name, optionallyOwnedBy('alarms.id'))
      .addColumn('report_id', 'text', optionallyOwnedBy('reports.id'))
      .addColumn('message', 'text')
      .addCheckConstraint('deliveries_owner', OWNER_CHECK)
      .execute(),
  async indexes(db) {
    await indexes0027(db);
    await createIndex(db, 'deliveries_report', 'deliveries', ['report_id', 'created_at']);
  },
};

const alarmsOnly: SqliteRebuild = {
  columns: COLUMNS_0027,
  create: (db, name) => deliveriesTable(db, name, ownedBy('alarms.id')).execute(),
  indexes: indexes0027,
};

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return rebuildOnSqlite(db, 'deliveries', withReports);
  await db.schema
    .alterTable('deliveries')
    .alterColumn('alarm_id', (c) => c.dropNotNull())
    .execute();
  await db.schema.alterTable('deliveries').addColumn('report_id', 'text', optionallyOwnedBy('reports.id')).execute();
  await db.schema.alterTable('deliveries').addColumn('message', 'text').execute();
  await db.schema.alterTable('deliveries').addCheckConstraint('deliveries_owner', OWNER_CHECK).execute();
  await createIndex(db, 'deliveries_report', 'deliveries', ['report_id', 'created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Report deliveries have no place in 0027's table.
  await db.deleteFrom('deliveries').where('alarm_id', 'is', null).execute();
  if (!isPostgres(db)) return rebuildOnSqlite(db, 'deliveries', alarmsOnly);
  await db.schema.dropIndex('deliveries_report').execute();
  await db.schema.alterTable('deliveries').dropConstraint('deliveries_owner').execute();
  await db.schema.alterTable('deliveries').dropColumn('message').execute();
  await db.schema.alterTable('deliveries').dropColumn('report_id').execute();
  await db.schema
    .alterTable('deliveries')
    .alterColumn('alarm_id', (c) => c.setNotNull())
    .execute();
}

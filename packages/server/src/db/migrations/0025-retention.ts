import { sql, type Kysely } from 'kysely';
import { createIndex, isPostgres } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0046: retention deletes old state rule
// executions, superseded entity snapshots and old notifications, walking each in creation order.
const TIME_INDEXES = [
  { name: 'state_rule_executions_time', table: 'state_rule_executions', columns: ['created_at', 'id'] },
  { name: 'entity_snapshots_time', table: 'entity_snapshots', columns: ['created_at', 'id'] },
  { name: 'notifications_time', table: 'notifications', columns: ['created_at', 'seq'] },
];

/** The tables retention deletes from: vacuumed when 2 % of their rows are dead, not PostgreSQL's default 20 %. */
const PRUNED_TABLES = ['state_rule_executions', 'entity_snapshots', 'notifications', 'notification_reads'];

/**
 * Tables whose rows are rewritten at the ingest rate (PostgreSQL), with their storage parameters.
 * Small rows rewritten per batch: pages half empty, so that each new version fits beside the old one
 * (a HOT update, pruned in the page without vacuum), and vacuumed early, which keeps the free space
 * map current. Day blocks and summaries: today's row of each series is rewritten by every compaction
 * run; vacuumed early, but packed, since their older days never change again.
 */
const UPDATED_TABLES: Record<string, string[]> = {
  rule_memory: ['fillfactor = 50', 'autovacuum_vacuum_scale_factor = 0.02'],
  latest_readings: ['fillfactor = 50', 'autovacuum_vacuum_scale_factor = 0.02'],
  entity_payload_times: ['fillfactor = 50', 'autovacuum_vacuum_scale_factor = 0.02'],
  metric_blocks: ['autovacuum_vacuum_scale_factor = 0.02'],
  metric_days: ['autovacuum_vacuum_scale_factor = 0.02'],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const index of TIME_INDEXES) await createIndex(db, index.name, index.table, index.columns);
  if (isPostgres(db)) {
    for (const table of PRUNED_TABLES) {
      await sql`alter table ${sql.table(table)} set (autovacuum_vacuum_scale_factor = 0.02)`.execute(db);
    }
    // The fill factor holds for pages written from now on: the tables are not rewritten.
    for (const [table, settings] of Object.entries(UPDATED_TABLES)) {
      await sql`alter table ${sql.table(table)} set (${sql.raw(settings.join(', '))})`.execute(db);
    }
    return;
  }
  // SQLite gives pages back to the file system only in incremental auto-vacuum, which a file takes
  // through a full VACUUM once tables exist (Kysely runs SQLite migrations outside a transaction).
  const { rows } = await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db);
  if (rows[0]?.auto_vacuum !== 2) {
    await sql`pragma auto_vacuum = incremental`.execute(db);
    await sql`vacuum`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of TIME_INDEXES) await db.schema.dropIndex(index.name).execute();
  if (isPostgres(db)) {
    for (const table of PRUNED_TABLES) {
      await sql`alter table ${sql.table(table)} reset (autovacuum_vacuum_scale_factor)`.execute(db);
    }
    for (const [table, settings] of Object.entries(UPDATED_TABLES)) {
      const names = settings.map((setting) => setting.split(' = ')[0]);
      await sql`alter table ${sql.table(table)} reset (${sql.raw(names.join(', '))})`.execute(db);
    }
    return;
  }
  await sql`pragma auto_vacuum = none`.execute(db);
  await sql`vacuum`.execute(db);
}

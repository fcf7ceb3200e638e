import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrator } from '../../db/migrate.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { rowCounts } from './retention-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TIME_INDEXES = ['entity_snapshots_time', 'notifications_time', 'state_rule_executions_time'];

async function timeIndexes(): Promise<string[]> {
  const { rows } =
    TEST_DIALECT === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(t.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(t.db);
  return rows
    .map((r) => r.name)
    .filter((name) => TIME_INDEXES.includes(name))
    .sort();
}

const EARLY_VACUUM = 'autovacuum_vacuum_scale_factor=0.02';
/** PostgreSQL's storage parameters of the tables 0025 sets them on (ADR 0046), as pg_class shows them. */
const TUNED_TABLES: Record<string, string[]> = {
  // deleted from by retention
  state_rule_executions: [EARLY_VACUUM],
  entity_snapshots: [EARLY_VACUUM],
  notifications: [EARLY_VACUUM],
  notification_reads: [EARLY_VACUUM],
  // rows rewritten at the ingest rate
  rule_memory: ['fillfactor=50', EARLY_VACUUM],
  latest_readings: ['fillfactor=50', EARLY_VACUUM],
  entity_payload_times: ['fillfactor=50', EARLY_VACUUM],
  metric_blocks: [EARLY_VACUUM],
  metric_days: [EARLY_VACUUM],
};

/** SQLite's auto-vacuum mode (0 none, 2 incremental), or PostgreSQL's storage parameters of the tuned tables. */
async function vacuumSetting(): Promise<unknown> {
  if (TEST_DIALECT === 'postgres') {
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`select relname, reloptions
      from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r'
      and relname in (${sql.join(Object.keys(TUNED_TABLES))})`.execute(t.db);
    return Object.fromEntries(rows.map((r) => [r.relname, r.reloptions]));
  }
  return (await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(t.db)).rows[0]?.auto_vacuum;
}

const RETENTION_SETTING = TEST_DIALECT === 'postgres' ? TUNED_TABLES : 2;
const SETTING_BEFORE =
  TEST_DIALECT === 'postgres' ? Object.fromEntries(Object.keys(TUNED_TABLES).map((table) => [table, null])) : 0;

describe('migration 0025-retention', () => {
  it('switches an existing database to incremental vacuum (SQLite), or early autovacuum and room for updates (PostgreSQL), keeping every row', async () => {
    expect(await vacuumSetting()).toEqual(RETENTION_SETTING);
    expect(await timeIndexes()).toEqual(TIME_INDEXES);

    // down to the migration before this one (any later ones go down with it)
    const steps = await migrator(t.db);
    const names = (await steps.getMigrations()).map((m) => m.name);
    const down = await steps.migrateTo(names[names.indexOf('0025-retention') - 1]!);
    expect(down.results?.map((r) => [r.migrationName, r.status])).toContainEqual(['0025-retention', 'Success']);
    expect(await vacuumSetting()).toEqual(SETTING_BEFORE);
    expect(await timeIndexes()).toEqual([]);
    const before = await rowCounts(t);

    await migrateToLatest(t.db);

    expect(await vacuumSetting()).toEqual(RETENTION_SETTING);
    expect(await timeIndexes()).toEqual(TIME_INDEXES);
    // every table there before keeps its rows (later migrations may add tables, and modules:
    // 0029 gives every project the Reports module)
    const { modules, ...kept } = before;
    const after = await rowCounts(t);
    expect(after).toMatchObject(kept);
    expect(after.modules).toBeGreaterThanOrEqual(modules!);
  });
});

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

/** SQLite's auto-vacuum mode (0 none, 2 incremental), or PostgreSQL's autovacuum options of `notifications`. */
async function vacuumSetting(): Promise<unknown> {
  if (TEST_DIALECT === 'postgres') {
    const { rows } = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class
      where relnamespace = current_schema()::regnamespace and relname = 'notifications'`.execute(t.db);
    return rows[0]?.reloptions ?? null;
  }
  return (await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(t.db)).rows[0]?.auto_vacuum;
}

const RETENTION_SETTING = TEST_DIALECT === 'postgres' ? ['autovacuum_vacuum_scale_factor=0.02'] : 2;

describe('migration 0025-retention', () => {
  it('switches an existing database to incremental vacuum (SQLite) or early autovacuum (PostgreSQL), keeping every row', async () => {
    expect(await vacuumSetting()).toEqual(RETENTION_SETTING);
    expect(await timeIndexes()).toEqual(TIME_INDEXES);

    // down to the migration before this one (any later ones go down with it)
    const steps = await migrator(t.db);
    const names = (await steps.getMigrations()).map((m) => m.name);
    const down = await steps.migrateTo(names[names.indexOf('0025-retention') - 1]!);
    expect(down.results?.map((r) => [r.migrationName, r.status])).toContainEqual(['0025-retention', 'Success']);
    expect(await vacuumSetting()).toEqual(TEST_DIALECT === 'postgres' ? null : 0);
    expect(await timeIndexes()).toEqual([]);
    const before = await rowCounts(t);

    await migrateToLatest(t.db);

    expect(await vacuumSetting()).toEqual(RETENTION_SETTING);
    expect(await timeIndexes()).toEqual(TIME_INDEXES);
    expect(await rowCounts(t)).toEqual(before);
  });
});

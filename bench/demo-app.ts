import { join } from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seedDemo } from '../packages/server/src/demo/seed.ts';

/**
 * The server as `npm start` builds it, in the bench's process, on a fresh SQLite file in `dataDir`
 * serving `webDist`: the demo seeded, logging off (BENCH_LOG_LEVEL), no history and no simulator
 * (a bench writes what it needs), a cheap password hash; `env` adds configuration (e.g. TLS). The
 * caller listens, closes and removes.
 */
export async function demoApp(dataDir: string, webDist = join(dataDir, 'no-web'), env: Record<string, string> = {}) {
  const config = loadConfig({
    ...env,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    DEMO_HISTORY: 'off',
    SIMULATOR: 'off',
    PASSWORD_HASH_COST: '10',
  });
  const { db, dialect } = await seededDatabase(dataDir);
  return { app: await buildApp(config, db, dialect), db };
}

/** A fresh SQLite file in `dataDir`, migrated and seeded with the demo (a cheap password hash). */
export async function seededDatabase(dataDir: string) {
  const opened = openDatabase({ dataDir });
  await migrateToLatest(opened.db);
  await seedDemo(opened.db, 10);
  return opened;
}

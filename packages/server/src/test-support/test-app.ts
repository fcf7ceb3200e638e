import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db, type Dialect } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DEMO_PASSWORD } from '../demo/site.ts';
import { seedDemo } from '../demo/seed.ts';
import { createTestSchema } from './postgres-schema.ts';

/** The dialect under test: each server test file runs once per dialect (see vitest.config.ts). */
export const TEST_DIALECT: Dialect = process.env.VIGIL_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

function requiredTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for PostgreSQL tests');
  return url;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  /** Logs in through the API and returns the session token. */
  login(username: string, password?: string): Promise<string>;
  /** `app.inject` with the token header and a JSON body. */
  call(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    body: any;
    headers: Record<string, unknown>;
  }>;
  close(): Promise<void>;
}

/**
 * A server on a fresh database (a temporary SQLite file, or a new PostgreSQL schema), migrated and,
 * unless `seed: false`, holding the demo site.
 */
export async function createTestApp(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-test-'));
  const schema = TEST_DIALECT === 'postgres' ? await createTestSchema(requiredTestDatabaseUrl()) : undefined;
  const databaseUrl = schema?.url;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PASSWORD_HASH_COST: '10',
    DEMO: 'off',
    SIMULATOR: 'off',
    WEB_DIST: join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const { db, dialect } = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(db);
  if (options.seed !== false) await seedDemo(db, config.PASSWORD_HASH_COST);
  const app = await buildApp(config, db, dialect);
  await app.ready();

  const call: TestApp['call'] = async (method, url, { token, body, headers } = {}) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    let parsed: unknown = undefined;
    if (response.body) {
      try {
        parsed = JSON.parse(response.body);
      } catch {
        parsed = response.body;
      }
    }
    return { status: response.statusCode, body: parsed, headers: response.headers };
  };

  return {
    app,
    db,
    dataDir,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const response = await call('POST', '/auth/api/v1/users/login/', { body: { username, password } });
      if (response.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(response.body)}`);
      return response.body.token as string;
    },
    async close() {
      await app.close();
      await db.destroy();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

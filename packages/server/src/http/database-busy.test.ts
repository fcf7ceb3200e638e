import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, registerErrorHandler } from './error-handler.ts';

const dir = mkdtempSync(join(tmpdir(), 'vigil-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a request that finds the database busy', () => {
  it('answers 503 with Retry-After, not a server failure, while the other connection holds the write lock', async () => {
    const file = join(dir, 'busy.db');
    const holder = new SQLite(file);
    holder.pragma('journal_mode = WAL');
    holder.exec('create table t (x integer)');
    const waiter = new SQLite(file);
    waiter.pragma('busy_timeout = 0');
    const app = Fastify();
    registerErrorHandler(app);
    app.post('/write', () => {
      waiter.prepare('insert into t values (1)').run();
      return { stored: true };
    });
    app.post('/fails', () => {
      throw new Error('something else');
    });

    holder.exec('begin immediate');
    const busy = await app.inject({ method: 'POST', url: '/write' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(busy.json()).toEqual({
      error_type: 'ServiceUnavailable',
      message: 'The database is busy; try again in a moment',
    });
    expect((await app.inject({ method: 'POST', url: '/fails' })).statusCode).toBe(500);

    holder.exec('commit');
    const stored = await app.inject({ method: 'POST', url: '/write' });
    expect(stored.statusCode).toBe(200);
    await app.close();
    waiter.close();
    holder.close();
  });
});

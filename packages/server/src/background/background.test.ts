import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { startBackground } from './background.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('the background worker', () => {
  it("checkpoints SQLite's WAL: the server's connection only beyond 10 000 pages", async () => {
    if (t.app.dialect !== 'sqlite') return;
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(t.app.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(10_000);
  });

  it('is started again when its thread stops, and answers calls again', async () => {
    const errors = vi.spyOn(t.app.log, 'error');
    const background = await startBackground(
      {
        database: { databaseUrl: t.app.config.DATABASE_URL, dataDir: t.dataDir },
        rulesTickSeconds: 60,
        compaction: true,
      },
      { bus: t.app.bus, log: t.app.log },
    );
    try {
      const first = await background.thread();
      await background.rulesEngine!.idle();
      await first.terminate();
      await vi.waitFor(() =>
        expect(errors).toHaveBeenCalledWith({ code: 1 }, 'background worker stopped: starting it again'),
      );
      const second = await background.thread();
      expect(second.threadId).not.toBe(first.threadId);
      await background.compactor!.run();
      await background.rulesEngine!.tick();
      await background.rulesEngine!.idle();
    } finally {
      await background.close();
    }
  });
});

import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../test-support/test-app.ts';
import { readThenWrite } from './read-then-write.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

// The server and its background worker each hold a connection (ADR 0015).
describe.runIf(TEST_DIALECT === 'sqlite')('SQLite transactions of two connections', () => {
  let other: SQLite.Database;
  beforeAll(() => {
    other = new SQLite(join(t.dataDir, 'vigil.db'));
    other.pragma('busy_timeout = 0');
  });
  afterAll(() => other.close());
  const otherWrites = () =>
    other.prepare('update metric_compaction set compacted_seq = compacted_seq where id = 1').run();

  it('takes the write lock at begin, so that a read followed by a write never fails', async () => {
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('accounts').select('id').execute();
      expect(otherWrites).toThrow(/locked/);
    });
    expect(otherWrites).not.toThrow();
  });

  it('lets the other connection write during a read-only transaction', async () => {
    await t.db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        await trx.selectFrom('accounts').select('id').execute();
        expect(otherWrites).not.toThrow();
      });
  });

  it('reads without holding the write lock, then writes in a transaction that holds it', async () => {
    const written = await readThenWrite(
      t.db,
      'sqlite',
      async (trx) => {
        expect(otherWrites).not.toThrow();
        return accountCountIn(trx);
      },
      async (trx, count) => {
        expect(otherWrites).toThrow(/locked/);
        return count === (await accountCountIn(trx)) ? 'written' : null;
      },
    );
    expect(written).toBe('written');
  });
});

describe('readThenWrite', () => {
  it("hands the read's result to the write, which may refuse it", async () => {
    const before = await accountCountIn(t.db);
    expect(await readThenWrite(t.db, TEST_DIALECT, accountCountIn, async (_trx, n) => n)).toBe(before);
    expect(
      await readThenWrite(
        t.db,
        TEST_DIALECT,
        async () => -1,
        async (trx, n) => (n === (await accountCountIn(trx)) ? n : null),
      ),
    ).toBeNull();
  });
});

async function accountCountIn(trx: TestApp['db']) {
  const row = await trx
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

import type { Transaction } from 'kysely';
import type { Db, Dialect } from './connection.ts';
import type { Database } from './schema.ts';

type Trx = Transaction<Database>;

/**
 * Reads (and computes) in one transaction, then writes in another (ADR 0015). SQLite has one write
 * lock, which the server's ingest waits for: long reads and what is computed from them must not
 * hold it. `write` checks that what it relies on has not changed since `read`, and returns null
 * if it has (the caller starts again). On PostgreSQL, whose writers do not exclude each other,
 * both run in one transaction, so the check always passes.
 */
export async function readThenWrite<R, W>(
  db: Db,
  dialect: Dialect,
  read: (trx: Trx) => Promise<R>,
  write: (trx: Trx, found: R) => Promise<W>,
): Promise<W> {
  if (dialect === 'postgres') return db.transaction().execute(async (trx) => write(trx, await read(trx)));
  const found = await db.transaction().setAccessMode('read only').execute(read);
  return db.transaction().execute((trx) => write(trx, found));
}

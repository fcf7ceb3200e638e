import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

/** Pages given back per transaction: 100 took about 1 ms of the write lock on a busy machine, so 500 about 5 ms. */
const PAGES_PER_TRANSACTION = 500;

const freePages = async (db: Db) =>
  Number((await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db)).rows[0]?.freelist_count ?? 0);

/**
 * Gives the SQLite file's free pages back to the file system (ADR 0046; the file is in
 * incremental auto-vacuum since migration 0025), a few at a time. Answers how many it released.
 *
 * `pragma incremental_vacuum(N)` yields a row for each page it releases, and better-sqlite3 runs a
 * statement that declares no columns for one step only: each statement releases one page, so a
 * transaction runs it once a page.
 */
export async function releaseFreePages(db: Db, pauseMs: number, signal?: AbortSignal): Promise<number> {
  let released = 0;
  for (let free = await freePages(db); free > 0 && !signal?.aborted; free = await freePages(db)) {
    const pages = Math.min(free, PAGES_PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < pages; i++) await sql`pragma incremental_vacuum(1)`.execute(trx);
    });
    const left = await freePages(db);
    // A file not in incremental auto-vacuum (a migration not run) releases nothing: stop.
    if (left >= free) break;
    released += free - left;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return released;
}

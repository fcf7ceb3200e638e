import type { Db } from '../../db/connection.ts';
import { compactionMark } from './block-store.ts';
import { oldestBacklogSeq } from './evaluation-backlog-store.ts';
import { deleteReadingsUpTo } from './reading-store.ts';

/**
 * The purge (ADR 0048): once a reading is in its reading day (seq up to days_seq) its row is a
 * second copy, and goes, unless the rules engine has still to evaluate it (a batch of the
 * evaluation backlog reads its rows). Rows go PURGE_BATCH at a time, each in its own short
 * transaction: on SQLite the write lock is ingest's too (ADR 0016).
 */

/** Rows deleted per transaction: about 7 ms of the write lock on SQLite. */
export const PURGE_BATCH = 5000;

/** Deletes the rows of readings kept in reading days; returns how many. */
export async function purgeReadings(db: Db, batch = PURGE_BATCH): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await db.transaction().execute(async (trx) => {
      const { days } = await compactionMark(trx);
      const backlog = await oldestBacklogSeq(trx);
      const last = backlog === null ? days : Math.min(days, backlog - 1);
      return last > 0 ? deleteReadingsUpTo(trx, last, batch) : 0;
    });
    purged += deleted;
    if (deleted < batch) return purged;
    // SQLite's calls are synchronous: a turn of the event loop lets ingest take the lock between batches
    await new Promise(setImmediate);
  }
}

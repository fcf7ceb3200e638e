import type { Db, Dialect } from '../../db/connection.ts';
import { compactionMark } from './block-store.ts';
import { oldestBacklogSeq } from './evaluation-backlog-store.ts';
import { countReadingsUpTo, deleteReadingsUpTo, replaceReadingsTable } from './reading-store.ts';

/**
 * The purge (ADR 0048): once a reading is in its reading day (seq up to days_seq) its row is a
 * second copy, and goes, unless the rules engine has still to evaluate it (a batch of the
 * evaluation backlog reads its rows). Rows go a range of PURGE_BATCH seqs at a time, each range in
 * its own short transaction: on SQLite the write lock is ingest's too (ADR 0016), and the compactor
 * purges when ingest is idle (`purgeDelay`). On SQLite, when the rows to go outnumber those to stay,
 * the table is replaced instead (ADR 0052): the rows to stay are copied to a new one and the old one
 * dropped, which frees its pages without deleting each row and each key from the two B-trees.
 */

/** Seqs per purge transaction, one range of the table's key (fewer rows where seqs have gaps): a few ms of the write lock. */
export const PURGE_BATCH = 5000;

/**
 * A compaction run of its own accord leaves the purge until no reading has been stored for this long:
 * the purge holds SQLite's write lock, which ingest needs too, and on one host it took 11 % (14 %
 * against the bare-SQLite pace) off the metrics workload's ingest (ADR 0048, settled 2026-12-07).
 */
export const PURGE_IDLE_MS = 1000;
/** ...unless this many readings wait for it: under ingest that never pauses, the rows kept twice stay bounded (about 90 MB). */
export const PURGE_BACKLOG_READINGS = 200_000;

/**
 * How long a compaction run waits before it purges: none when asked for (a caller waiting for
 * compaction, a test, the bench) or when the backlog is full, else until ingest has been idle
 * PURGE_IDLE_MS since the last reading stored.
 */
export function purgeDelay(state: { asked: boolean; lastStoredAt: number; unpurged: number }, now: number): number {
  if (state.asked || state.unpurged >= PURGE_BACKLOG_READINGS) return 0;
  return Math.max(0, state.lastStoredAt + PURGE_IDLE_MS - now);
}

/** The last seq whose row may go: in its reading day, and not to be evaluated still. */
async function purgeableUpTo(trx: Db): Promise<number> {
  const { days } = await compactionMark(trx);
  const backlog = await oldestBacklogSeq(trx);
  return backlog === null ? days : Math.min(days, backlog - 1);
}

/** Deletes the rows of readings kept in reading days; returns how many. */
export async function purgeReadings(db: Db, dialect: Dialect, batch = PURGE_BATCH): Promise<number> {
  if (dialect === 'sqlite') {
    const replaced = await db.transaction().execute(async (trx) => {
      const last = await purgeableUpTo(trx);
      if (last <= 0) return 0;
      const { going, staying } = await countReadingsUpTo(trx, last);
      if (going === 0) return 0;
      // copying more rows than go would cost more than deleting them
      if (going < staying) return null;
      await replaceReadingsTable(trx, last);
      return going;
    });
    if (replaced !== null) return replaced;
  }
  let purged = 0;
  for (;;) {
    const { deleted, more } = await db.transaction().execute(async (trx) => {
      const last = await purgeableUpTo(trx);
      return last > 0 ? deleteReadingsUpTo(trx, last, batch) : { deleted: 0, more: false };
    });
    purged += deleted;
    if (!more) return purged;
    // SQLite's calls are synchronous: a turn of the event loop lets ingest take the lock between batches
    await new Promise(setImmediate);
  }
}

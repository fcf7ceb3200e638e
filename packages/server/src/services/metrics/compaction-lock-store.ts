import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/connection.ts';

/** The advisory lock of compaction on PostgreSQL (an arbitrary constant: "vigil blocks"). */
const COMPACTION_LOCK = 0x76_69_67_69_6c_62_6cn;

/**
 * Keeps compaction out while a transaction writes readings or reads blocks with the uncompacted
 * readings (PostgreSQL; SQLite runs one transaction at a time). Ingest and readers share the lock;
 * compaction takes it alone, so it never misses a reading whose transaction is still open, and a
 * reader never sees a reading both in a block and in the tail.
 */
export async function holdCompactionLock(trx: Db, dialect: Dialect, mode: 'shared' | 'exclusive') {
  if (dialect !== 'postgres') return;
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(${COMPACTION_LOCK})`.execute(trx);
  else await sql`select pg_advisory_xact_lock(${COMPACTION_LOCK})`.execute(trx);
}

/** The last reading (seq) whose values are in blocks. */
export async function compactedSeq(db: Db): Promise<number> {
  const row = await db.selectFrom('metric_compaction').select('compacted_seq').where('id', '=', 1).executeTakeFirst();
  return Number(row?.compacted_seq ?? 0);
}

import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/connection.ts';

/** The advisory lock of retention on PostgreSQL (an arbitrary constant: "vigil retain"). */
export const RETENTION_LOCK = 0x76_69_67_72_65_74n;

/**
 * Runs `work` on one connection holding retention's lock, so that of several instances on
 * PostgreSQL one deletes at a time; null, without running it, when another holds the lock. A
 * session lock, released at the end (or with the connection, should the process die). SQLite
 * serves one server, whose worker is the only one to run retention.
 */
export async function withRetentionLock<T>(db: Db, dialect: Dialect, work: (db: Db) => Promise<T>): Promise<T | null> {
  if (dialect !== 'postgres') return work(db);
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${RETENTION_LOCK}) as locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) return null;
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${RETENTION_LOCK})`.execute(connection);
    }
  });
}

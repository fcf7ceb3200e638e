import type { Db } from '../../db/connection.ts';

/** A row found old enough to delete, and where the walk through old rows goes on after it. */
export interface ExpiredRow<K> {
  createdAt: string;
  key: K;
  /** what the row is evidence of, if anything: kept when among the protected */
  evidence?: string;
}

/** One kind of log as retention walks it: old rows found in (created_at, key) order, deleted by key. */
export interface ExpiringKind<K> {
  find(db: Db, before: string, after: ExpiredRow<K> | null, limit: number): Promise<Array<ExpiredRow<K>>>;
  delete(trx: Db, keys: K[]): Promise<void>;
  /** rows whose `evidence` (or key) is here are kept whatever their age */
  protectedKeys?: ReadonlySet<string>;
}

export interface BatchOptions {
  /** rows deleted per transaction at most */
  batchRows: number;
  /** waited between transactions, so that ingest takes SQLite's write lock meanwhile */
  pauseMs: number;
  /** stops the walk between two transactions (the worker stopping) */
  signal?: AbortSignal | undefined;
}

export interface Deleted {
  rows: number;
  batches: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes the rows of `kind` created before `before`, except those it protects, `batchRows` at a
 * time: each batch is found by a read and deleted in a short transaction of its own.
 */
export async function deleteExpired<K extends string | number>(
  db: Db,
  kind: ExpiringKind<K>,
  before: string,
  options: BatchOptions,
): Promise<Deleted> {
  const deleted: Deleted = { rows: 0, batches: 0 };
  let after: ExpiredRow<K> | null = null;
  while (!options.signal?.aborted) {
    const found = await kind.find(db, before, after, options.batchRows);
    const doomed = found.filter((row) => !kind.protectedKeys?.has(row.evidence ?? String(row.key)));
    if (doomed.length) {
      await db.transaction().execute((trx) =>
        kind.delete(
          trx,
          doomed.map((row) => row.key),
        ),
      );
      deleted.rows += doomed.length;
      deleted.batches++;
    }
    if (found.length < options.batchRows) return deleted;
    after = found.at(-1)!;
    if (doomed.length) await pause(options.pauseMs);
  }
  return deleted;
}

import type { Db, Dialect } from '../../db/connection.ts';
import { deleteExpired, type BatchOptions, type Deleted } from './expired-rows.ts';
import { retentionKinds, type RetentionKinds } from './retention-kinds.ts';
import { withRetentionLock } from './retention-lock.ts';
import { cutoffOf, type RetentionPolicy } from './retention-policy.ts';
import { releaseFreePages } from './sqlite-free-pages.ts';

/** What one run deleted, per kind, and the SQLite pages it gave back; null when another instance was running one. */
export interface RetentionReport {
  ruleExecutions: Deleted;
  snapshots: Deleted;
  notifications: Deleted;
  releasedPages: number;
}

/**
 * Rows per delete transaction: 200 notifications (1 KB each, half of them read) took 5 to 15 ms of
 * SQLite's write lock on a busy two-core machine, about what an evaluation takes (ADR 0016); 1000
 * took 100 to 180 ms.
 */
export const RETENTION_BATCH_ROWS = 200;
/** Waited between two transactions, so that ingest and the engine write meanwhile. */
export const RETENTION_PAUSE_MS = 20;

const AGE_OF: Record<keyof RetentionKinds, keyof RetentionPolicy> = {
  ruleExecutions: 'ruleExecutionsDays',
  snapshots: 'snapshotsDays',
  notifications: 'notificationsDays',
};

/**
 * Deletes what is not evidence and older than the policy keeps it (ADR 0046): state rule
 * executions, superseded entity snapshots and notifications, never those of an alarm not at rest;
 * then, on SQLite, gives the freed pages back to the file system. Readings, blocks, manual readings,
 * the journal, histories, media, calibrations, events and alarms are never touched.
 */
export async function runRetention(
  db: Db,
  dialect: Dialect,
  policy: RetentionPolicy,
  options: Partial<BatchOptions> & { now?: Date } = {},
): Promise<RetentionReport | null> {
  const batch: BatchOptions = {
    batchRows: options.batchRows ?? RETENTION_BATCH_ROWS,
    pauseMs: options.pauseMs ?? RETENTION_PAUSE_MS,
    signal: options.signal,
  };
  const now = options.now ?? new Date();
  return withRetentionLock(db, dialect, async (db) => {
    const kinds = await retentionKinds(db);
    const report: RetentionReport = {
      ruleExecutions: { rows: 0, batches: 0 },
      snapshots: { rows: 0, batches: 0 },
      notifications: { rows: 0, batches: 0 },
      releasedPages: 0,
    };
    for (const name of Object.keys(AGE_OF) as Array<keyof RetentionKinds>) {
      const before = cutoffOf(policy[AGE_OF[name]], now);
      if (before) report[name] = await deleteExpired<string | number>(db, kinds[name], before, batch);
    }
    if (dialect === 'sqlite') report.releasedPages = await releaseFreePages(db, batch.pauseMs, batch.signal);
    return report;
  });
}

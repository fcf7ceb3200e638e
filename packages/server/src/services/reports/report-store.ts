import type { Db } from '../../db/connection.ts';
import { claimableJobs } from '../../db/job-claims.ts';
import { projectRows } from '../../db/project-rows.ts';
import type { ReportReviewsTable, ReportsTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/values.ts';

/** All SQL of reports and their review steps (ADR 0051). */

export type ReportRow = ReportsTable;
export type ReviewRow = ReportReviewsTable;

/** A running report whose heartbeat is older than this is taken up again (its server stopped). */
export const STALE_REPORT_MS = 2 * 60_000;

export function reportStore(db: Db) {
  const rows = projectRows(db, 'reports');
  return {
    find: rows.find,
    update: (id: string, set: Partial<ReportRow>) => db.updateTable('reports').set(set).where('id', '=', id).execute(),

    async insert(row: ReportRow): Promise<void> {
      await db.insertInto('reports').values(row).execute();
    },

    /** Inserts a scheduled report unless another server made the one of its key: true when this one did. */
    async insertOnce(row: ReportRow): Promise<boolean> {
      try {
        await db.insertInto('reports').values(row).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    list: (projectId: string): Promise<ReportRow[]> =>
      db
        .selectFrom('reports')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

    findAnywhere: (id: string) => db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Reports waiting, and running ones whose server stopped (no heartbeat since `staleBefore`). */
    async waiting(staleBefore: string): Promise<string[]> {
      const found = await db
        .selectFrom('reports')
        .select('id')
        .where(claimableJobs('queued', staleBefore))
        .orderBy('created_at')
        .execute();
      return found.map((r) => r.id);
    },

    /** Takes the report for this server: true when it was waiting (or stale), so that one server makes it. */
    async claim(id: string, now: string, staleBefore: string): Promise<boolean> {
      const result = await db
        .updateTable('reports')
        .set({ status: 'running', heartbeat_at: now, started_at: now, progress: 0 })
        .where('id', '=', id)
        .where(claimableJobs('queued', staleBefore))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The review steps of `reportIds`, oldest first. */
    async reviews(reportIds: readonly string[]): Promise<ReviewRow[]> {
      if (!reportIds.length) return [];
      return db
        .selectFrom('report_reviews')
        .selectAll()
        .where('report_id', 'in', [...reportIds])
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    /**
     * Moves the review from `fromStatus` to `toStatus` and records the step, in one transaction; false
     * when the status was no longer `fromStatus` (another reviewer came first).
     */
    async review(id: string, fromStatus: string, toStatus: string, step: ReviewRow): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('reports')
          .set({ review_status: toStatus })
          .where('id', '=', id)
          .where('review_status', '=', fromStatus)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx.insertInto('report_reviews').values(step).execute();
        return true;
      });
    },
  };
}

export type ReportStore = ReturnType<typeof reportStore>;

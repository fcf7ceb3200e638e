import type { Db } from '../../db/connection.ts';
import { claimableJobs } from '../../db/job-claims.ts';
import type { CalibrationRecomputesTable } from '../../db/schema.ts';

// All SQL of calibration_recomputes (ADR 0040), their one writer.

export type RecomputeRow = CalibrationRecomputesTable;

/** A running recomputation whose heartbeat is older than this is taken up again (its server stopped). */
export const STALE_RECOMPUTE_MS = 2 * 60_000;

/** The readings a calibration change covers: from `from` up to `to` (excluded; null: no end). */
export interface RecomputeRange {
  from: string;
  to: string | null;
}

/**
 * Asks for the recomputation of `range` for a calibration, in the transaction of its change. A job
 * still waiting or running takes the union of both ranges and starts again (its generation moves).
 */
export async function requestRecompute(
  trx: Db,
  job: { calibrationId: string; projectId: string; entityId: string },
  range: RecomputeRange,
  now: string,
): Promise<void> {
  const old = await trx
    .selectFrom('calibration_recomputes')
    .selectAll()
    .where('calibration_id', '=', job.calibrationId)
    .executeTakeFirst();
  const fresh = {
    status: 'pending' as const,
    range_from: range.from,
    range_to: range.to,
    cursor_read_at: null,
    cursor_data_point_id: null,
    readings_total: 0,
    readings_done: 0,
    requested_at: now,
    heartbeat_at: null,
    finished_at: null,
    error: null,
  };
  if (!old) {
    await trx
      .insertInto('calibration_recomputes')
      .values({
        calibration_id: job.calibrationId,
        project_id: job.projectId,
        entity_id: job.entityId,
        generation: 1,
        ...fresh,
      })
      .execute();
    return;
  }
  const unfinished = old.status === 'pending' || old.status === 'running';
  const from = unfinished && old.range_from < range.from ? old.range_from : range.from;
  const to = !unfinished
    ? range.to
    : old.range_to === null || range.to === null
      ? null
      : latest(old.range_to, range.to);
  await trx
    .updateTable('calibration_recomputes')
    .set({ ...fresh, range_from: from, range_to: to, generation: old.generation + 1 })
    .where('calibration_id', '=', job.calibrationId)
    .execute();
}

const latest = (a: string, b: string) => (a > b ? a : b);

export async function findRecompute(db: Db, entityId: string, calibrationId: string) {
  return db
    .selectFrom('calibration_recomputes')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('calibration_id', '=', calibrationId)
    .executeTakeFirst();
}

/** Jobs waiting, and running ones whose server stopped (no heartbeat since `staleBefore`), oldest first. */
export async function waitingRecomputes(db: Db, staleBefore: string): Promise<string[]> {
  const rows = await db
    .selectFrom('calibration_recomputes')
    .select('calibration_id')
    .where(claimableJobs('pending', staleBefore))
    .orderBy('requested_at')
    .execute();
  return rows.map((r) => r.calibration_id);
}

/** Takes the job for this server; the row when it was waiting (or stale), so that one server runs it. */
export async function claimRecompute(
  db: Db,
  calibrationId: string,
  now: string,
  staleBefore: string,
): Promise<RecomputeRow | undefined> {
  const result = await db
    .updateTable('calibration_recomputes')
    .set({ status: 'running', heartbeat_at: now })
    .where('calibration_id', '=', calibrationId)
    .where(claimableJobs('pending', staleBefore))
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) return undefined;
  return db
    .selectFrom('calibration_recomputes')
    .selectAll()
    .where('calibration_id', '=', calibrationId)
    .executeTakeFirst();
}

/**
 * Records a job's progress or end, unless it was asked for again meanwhile (its generation moved):
 * returns false then, and the runner leaves it to its next run.
 */
export async function updateRecompute(
  db: Db,
  job: Pick<RecomputeRow, 'calibration_id' | 'generation'>,
  set: Partial<RecomputeRow>,
): Promise<boolean> {
  const result = await db
    .updateTable('calibration_recomputes')
    .set(set)
    .where('calibration_id', '=', job.calibration_id)
    .where('generation', '=', job.generation)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What derives an entity's calculated metrics: its context and its scheme's spec (JSON). */
export const findDerivationOf = (db: Db, entityId: string) =>
  db
    .selectFrom('monitored_entities as e')
    .leftJoin('schemes as s', 's.id', 'e.scheme_id')
    .select(['e.context', 's.spec'])
    .where('e.id', '=', entityId)
    .executeTakeFirst();

import { factorsInEffect, type ReadingGroups } from '@vigil/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import { readThenWrite } from '../../db/read-then-write.ts';
import { fromJson, nowIso } from '../../db/values.ts';
import { compileScheme, numericContext } from '../ingest/metric-rules.ts';
import { planRewrite, writeRewrite, type RewrittenReading } from '../metrics/rewritten-readings.ts';
import { compactedSeq } from '../metrics/compaction-lock-store.ts';
import { lastReadingSeq } from '../metrics/reading-store.ts';
import { countSpan, readSpanBatch, type ReadingSpan } from '../metrics/reading-spans.ts';
import { readStored } from '../metrics/stored-readings.ts';
import { findCalibrations } from './calibration-store.ts';
import { rederive } from './recompute-derive.ts';
import { findDerivationOf, updateRecompute, type RecomputeRow } from './recompute-store.ts';

export interface RecomputeHost {
  db: Db;
  dialect: Dialect;
  bus: Bus;
  log: FastifyBaseLogger;
  /** compaction, run between batches so that blocks follow the rewritten readings (ADR 0040) */
  compactor: { run(): Promise<void> } | null;
}

/** Readings read, derived and rewritten per transaction: SQLite's write lock is held for one batch's write. */
export const RECOMPUTE_BATCH = 2000;
/** Batches between two waits for compaction (which runs in the background worker). */
const COMPACT_EVERY = 5;
/** How long a job waits for compaction to reach the readings stored before it started. */
const COMPACTION_WAIT_MS = 5 * 60_000;

/** The job was asked for again (its generation moved): this run stops, the next takes it up. */
class Superseded extends Error {}

interface Cursor {
  readAt: string;
  dataPointId: string;
}

/**
 * Recomputes the readings of one claimed job (ADR 0040), a batch at a time, each batch's rows, blocks
 * and progress in one transaction; a job taken up again goes on after its cursor. Readings stored
 * after the job started were derived with the calibrations in effect already.
 */
export async function runRecompute(host: RecomputeHost, job: RecomputeRow, stopping: () => boolean): Promise<void> {
  const { db, log } = host;
  try {
    await compactedUpTo(host, await lastReadingSeq(db));
    let cursor: Cursor | null = job.cursor_read_at
      ? { readAt: job.cursor_read_at, dataPointId: job.cursor_data_point_id ?? '' }
      : null;
    let done = job.readings_done;
    if (
      !cursor &&
      !(await progress(db, job, {
        readings_total: await readStored(db, (reader) => countSpan(reader, spanOf(job))),
        readings_done: 0,
      }))
    )
      return;
    let latest = false;
    let batches = 0;
    for (;;) {
      if (stopping()) return; // stays running: taken up again at the next start
      // Compaction now and then: a rewrite between its read and its write of blocks makes it merge
      // again, and a job writing all the time would hold it back for good.
      if (++batches % COMPACT_EVERY === 0) await host.compactor?.run();
      const step = await recomputeBatch(host, job, cursor, done);
      // SQLite's calls are synchronous: a turn of the event loop lets the thread's messages in (a
      // stop, compaction's answers), which a job running batch after batch would otherwise hold out.
      await new Promise(setImmediate);
      if (!step) break;
      done += step.read;
      cursor = step.cursor;
      latest ||= step.latest;
    }
    if (!(await progress(db, job, { status: 'done', readings_total: done, finished_at: nowIso() }))) return;
    // The present state is evaluated again on the latest reading, now rewritten; the past raises nothing.
    if (latest) host.bus.publish('readings.recomputed', { projectId: job.project_id, entityId: job.entity_id });
  } catch (error) {
    if (error instanceof Superseded) return;
    log.error({ err: error, calibrationId: job.calibration_id }, 'recomputation failed');
    await progress(db, job, { status: 'failed', error: String((error as Error).message), finished_at: nowIso() });
  }
}

const progress = (db: Db, job: RecomputeRow, set: Partial<RecomputeRow>) =>
  updateRecompute(db, job, { ...set, heartbeat_at: nowIso() });

/** One batch after `cursor`: null when none is left. Started again when a block changed meanwhile. */
async function recomputeBatch(host: RecomputeHost, job: RecomputeRow, cursor: Cursor | null, done: number) {
  for (;;) {
    const written = await readThenWrite(
      host.db,
      host.dialect,
      (trx) => readBatch(trx, host.dialect, job, cursor),
      async (trx, found) => {
        if (!found) return { read: 0 };
        const rewritten = await writeRewrite(trx, host.dialect, found.plan);
        if (!rewritten) return null;
        const moved = await updateRecompute(trx, job, {
          readings_done: done + found.read,
          cursor_read_at: found.cursor.readAt,
          cursor_data_point_id: found.cursor.dataPointId,
          heartbeat_at: nowIso(),
        });
        if (!moved) throw new Superseded();
        return { read: found.read, cursor: found.cursor, latest: rewritten.latest };
      },
    );
    if (!written) continue;
    return written.read ? (written as { read: number; cursor: Cursor; latest: boolean }) : null;
  }
}

/** The next batch's readings derived again, and the plan of what to rewrite; null when none is left. */
async function readBatch(trx: Db, dialect: Dialect, job: RecomputeRow, cursor: Cursor | null) {
  const rows = await readStored(trx, (reader) => readSpanBatch(reader, spanOf(job), cursor, RECOMPUTE_BATCH));
  if (!rows.length) return null;
  const entity = await findDerivationOf(trx, job.entity_id);
  const scheme = compileScheme(entity?.spec);
  const context = numericContext(entity?.context);
  const calibrations = (await findCalibrations(trx, [job.entity_id])).get(job.entity_id) ?? [];
  const compacted = await compactedSeq(trx);
  const changed: RewrittenReading[] = [];
  for (const row of rows) {
    // Not compacted yet: stored after the job started, with the calibrations now in effect.
    if (row.seq !== null && row.seq > compacted) continue;
    const before = fromJson<ReadingGroups>(row.metrics, {} as ReadingGroups);
    const t = Date.parse(row.read_at);
    const after = rederive(scheme, before, context, factorsInEffect(calibrations, t));
    const text = JSON.stringify(after);
    if (text === row.metrics) continue;
    changed.push({ seq: row.seq, dataPointId: row.data_point_id, readAt: row.read_at, t, before, after, text });
  }
  const last = rows.at(-1)!;
  return {
    read: rows.length,
    cursor: { readAt: last.read_at, dataPointId: last.data_point_id },
    plan: await planRewrite(trx, dialect, job.entity_id, changed),
  };
}

/** The entity's readings in the job's range. */
const spanOf = (job: RecomputeRow): ReadingSpan => ({
  entityId: job.entity_id,
  from: job.range_from,
  to: job.range_to,
});

/**
 * Waits until compaction has taken every reading up to `seq`: the job rewrites only compacted
 * readings, so that no value handed to compaction before the rewrite is merged after it (ADR 0016).
 */
async function compactedUpTo(host: RecomputeHost, seq: number): Promise<void> {
  const until = Date.now() + COMPACTION_WAIT_MS;
  while ((await compactedSeq(host.db)) < seq) {
    if (Date.now() > until) throw new Error('Compaction did not reach the readings to recompute');
    if (host.compactor) await host.compactor.run();
    else await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

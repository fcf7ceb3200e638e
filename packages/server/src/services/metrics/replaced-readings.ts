import type { ReadingGroups } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import {
  compactionMark,
  countBlockRewrite,
  deleteBlockDay,
  findBlocksOfDayForUpdate,
  saveBlockDay,
} from './block-store.ts';
import { editReadingDays } from './reading-day-edits.ts';
import { deleteReadingAt } from './reading-store.ts';
import { dayOf, decodeBlock, type Block } from './series-blocks.ts';
import { findSeriesOfChannel } from './series-store.ts';

/** Where a reading is stored: its key, and its time in epoch ms. */
export interface ReadingKey {
  entityId: string;
  dataPointId: string;
  readAt: string;
  t: number;
}

/**
 * Removes the readings stored under the keys of `readings`, which are about to be replaced
 * (WriteBatch.replace, ADR 0027): their rows, their entries in reading days (ADR 0048), and their
 * values from the day blocks compaction has already merged them into. The replacement's values are
 * then compacted like any reading's; a metric it no longer has (a value dropped, or one that moved
 * to invalid_metrics) is gone from the charts too. Runs in ingest's transaction, which holds the
 * compaction lock, so compaction waits for it. On SQLite compaction reads in one transaction and
 * writes in another (ADR 0015), so a correction may come between: it moves
 * `metric_compaction.rewrites`, and such a compaction merges again rather than write back a block or
 * reading day read before this cut (or merge values of a row read before it was deleted).
 */
export async function deleteReplaced(
  trx: Db,
  dialect: Dialect,
  projectId: string,
  readings: readonly ReadingKey[],
): Promise<void> {
  const { compacted, days } = await compactionMark(trx);
  let deleted = false;
  const inDays: ReadingKey[] = [];
  for (const r of readings) {
    const old = await deleteReadingAt(trx, projectId, r);
    if (old) deleted = true;
    // a row not in reading days yet: its values are in blocks once compacted
    if (old && Number(old.seq) > days) {
      if (Number(old.seq) <= compacted)
        await removeFromBlocks(trx, dialect, r, fromJson<Partial<ReadingGroups>>(old.metrics, {}));
    } else inDays.push(r);
  }
  // compacted readings kept once: out of their reading day, and every series of the channel that
  // holds a value at their time held it for them (ADR 0048's invariant)
  for (const [entityId, keys] of Map.groupBy(inDays, (r) => r.entityId)) {
    const edits = keys.map((r) => ({ dataPointId: r.dataPointId, t: r.t, rest: null }));
    for (const e of await editReadingDays(trx, dialect, entityId, edits)) {
      deleted = true;
      const key = keys.find((r) => r.dataPointId === e.dataPointId && r.t === e.t)!;
      await removeFromBlocks(trx, dialect, key, null);
    }
  }
  if (deleted) await countBlockRewrite(trx);
}

/**
 * Takes the value at `t` out of the day blocks of the series `metrics` had (every series of the
 * channel when null), and sums their days again.
 */
async function removeFromBlocks(
  trx: Db,
  dialect: Dialect,
  reading: ReadingKey,
  metrics: Partial<ReadingGroups> | null,
) {
  const series = await findSeriesOfChannel(trx, reading.entityId, reading.dataPointId);
  const groups = metrics as Record<string, Record<string, number> | undefined> | null;
  const ids = series
    .filter((s) => groups === null || groups[s.metric_group]?.[s.metric] !== undefined)
    .map((s) => s.id);
  if (!ids.length) return;
  const day = dayOf(reading.t);
  const blocks = await findBlocksOfDayForUpdate(trx, dialect, ids, day);
  for (const { series_id: id, data } of blocks) {
    const block = withoutTime(decodeBlock(data), reading.t);
    if (!block) continue;
    if (block.times.length === 0) await deleteBlockDay(trx, id, day);
    else await saveBlockDay(trx, id, day, block);
  }
}

/** The block without its value at `t`; null when it has none there. */
export function withoutTime(block: Block, t: number): Block | null {
  const at = block.times.indexOf(t);
  if (at < 0) return null;
  const keep = (array: Float64Array) => {
    const out = new Float64Array(array.length - 1);
    out.set(array.subarray(0, at), 0);
    out.set(array.subarray(at + 1), at);
    return out;
  };
  return { times: keep(block.times), values: keep(block.values) };
}

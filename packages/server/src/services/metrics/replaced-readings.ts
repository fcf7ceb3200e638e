import type { ReadingGroups } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { newBlockVersion } from './block-cache.ts';
import { compactedSeq, dayOf, decodeBlock, encodeBlock, summarize, type Block } from './series-blocks.ts';

/** Where a reading is stored: its key, and its time in epoch ms. */
export interface ReadingKey {
  entityId: string;
  dataPointId: string;
  readAt: string;
  t: number;
}

/**
 * Removes the readings stored under the keys of `readings`, which are about to be replaced
 * (WriteBatch.replace, ADR 0027): their rows, and their values from the day blocks compaction has
 * already merged them into. The replacement's values are then compacted like any reading's; a metric
 * it no longer has (a value dropped, or one that moved to invalid_metrics) is gone from the charts
 * too. Runs in ingest's transaction, which holds the compaction lock, so compaction waits for it.
 */
export async function deleteReplaced(
  trx: Db,
  dialect: Dialect,
  projectId: string,
  readings: readonly ReadingKey[],
): Promise<void> {
  const compacted = await compactedSeq(trx);
  for (const r of readings) {
    const old = await trx
      .deleteFrom('readings')
      .where('read_at', '=', r.readAt)
      .where('entity_id', '=', r.entityId)
      .where('data_point_id', '=', r.dataPointId)
      .where('project_id', '=', projectId)
      .returning(['seq', 'metrics'])
      .executeTakeFirst();
    if (old && Number(old.seq) <= compacted) {
      await removeFromBlocks(trx, dialect, r, fromJson<Partial<ReadingGroups>>(old.metrics, {}));
    }
  }
}

/** Takes the value at `t` out of the day blocks of the series `metrics` had, and sums their days again. */
async function removeFromBlocks(trx: Db, dialect: Dialect, reading: ReadingKey, metrics: Partial<ReadingGroups>) {
  const series = await trx
    .selectFrom('metric_series')
    .select(['id', 'metric_group', 'metric'])
    .where('entity_id', '=', reading.entityId)
    .where('data_point_id', '=', reading.dataPointId)
    .execute();
  const groups = metrics as Record<string, Record<string, number> | undefined>;
  const ids = series.filter((s) => groups[s.metric_group]?.[s.metric] !== undefined).map((s) => s.id);
  if (!ids.length) return;
  const day = dayOf(reading.t);
  const blocks = await trx
    .selectFrom('metric_blocks')
    .select(['series_id', 'data'])
    .where('series_id', 'in', ids)
    .where('day', '=', day)
    // Two corrections of one day at once must not each write back a block missing only its own value.
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  for (const { series_id: id, data } of blocks) {
    const block = withoutTime(decodeBlock(data), reading.t);
    if (!block) continue;
    if (block.times.length === 0) {
      await trx.deleteFrom('metric_blocks').where('series_id', '=', id).where('day', '=', day).execute();
      await trx.deleteFrom('metric_days').where('series_id', '=', id).where('day', '=', day).execute();
      continue;
    }
    await trx
      .updateTable('metric_blocks')
      .set({ data: encodeBlock(block), version: newBlockVersion() })
      .where('series_id', '=', id)
      .where('day', '=', day)
      .execute();
    await trx
      .updateTable('metric_days')
      .set(summarize(block))
      .where('series_id', '=', id)
      .where('day', '=', day)
      .execute();
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

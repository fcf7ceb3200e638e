import type { Db, Dialect } from '../../db/connection.ts';
import { newBlockVersion } from './block-cache.ts';
import { encodeBlock, summarize, type Block } from './series-blocks.ts';

/** Compaction's reads and marks (ADR 0014): day blocks, the readings not compacted yet, how far it got. */

/** compacted_seq, and how many times readings' blocks were rewritten outside compaction (ADR 0040). */
export async function compactionMark(trx: Db) {
  const row = await trx
    .selectFrom('metric_compaction')
    .select(['compacted_seq', 'rewrites'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return { compacted: Number(row?.compacted_seq ?? 0), rewrites: Number(row?.rewrites ?? 0) };
}

/** Notes that every reading up to `seq` is in blocks. */
export async function setCompactedSeq(trx: Db, seq: number): Promise<void> {
  await trx.updateTable('metric_compaction').set({ compacted_seq: seq }).where('id', '=', 1).execute();
}

/** The stored blocks of the series on days between `fromDay` and `toDay` (epoch ms, inclusive). */
export const findBlocksBetween = (trx: Db, seriesIds: readonly number[], fromDay: number, toDay: number) =>
  trx
    .selectFrom('metric_blocks')
    .select(['series_id', 'day', 'data'])
    .where('series_id', 'in', [...seriesIds])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .execute();

/** Up to `limit` readings after seq `after` (and before `before`), in seq order. */
export const findReadingsAfterSeq = (trx: Db, after: number, before: number, limit: number) =>
  trx
    .selectFrom('readings')
    .select(['seq', 'entity_id', 'data_point_id', 'read_at', 'metrics'])
    .where('seq', '>', after)
    .$if(before !== Infinity, (q) => q.where('seq', '<', before))
    .orderBy('seq')
    .limit(limit)
    .execute();

/**
 * The blocks of the series on one day; on PostgreSQL locked until the transaction ends, so that two
 * corrections of one day at once do not each write back a block missing only its own value.
 */
export const findBlocksOfDayForUpdate = (trx: Db, dialect: Dialect, seriesIds: readonly number[], day: number) =>
  trx
    .selectFrom('metric_blocks')
    .select(['series_id', 'data'])
    .where('series_id', 'in', [...seriesIds])
    .where('day', '=', day)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();

/** Removes a series' block and summary of a day. */
export async function deleteBlockDay(trx: Db, seriesId: number, day: number): Promise<void> {
  await trx.deleteFrom('metric_blocks').where('series_id', '=', seriesId).where('day', '=', day).execute();
  await trx.deleteFrom('metric_days').where('series_id', '=', seriesId).where('day', '=', day).execute();
}

/** Writes a series' block of a day again, with a new version, and its summary. */
export async function saveBlockDay(trx: Db, seriesId: number, day: number, block: Block): Promise<void> {
  await trx
    .updateTable('metric_blocks')
    .set({ data: encodeBlock(block), version: newBlockVersion() })
    .where('series_id', '=', seriesId)
    .where('day', '=', day)
    .execute();
  await trx
    .updateTable('metric_days')
    .set(summarize(block))
    .where('series_id', '=', seriesId)
    .where('day', '=', day)
    .execute();
}

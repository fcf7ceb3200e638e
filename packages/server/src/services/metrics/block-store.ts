import type { Db, Dialect } from '../../db/connection.ts';
import type { MetricDaysTable } from '../../db/schema.ts';
import { newBlockVersion } from './block-cache.ts';
import { encodeBlock, summarize, type Block } from './series-blocks.ts';

/**
 * The SQL of day blocks and their summaries (ADR 0014): what compaction, the readers of series values
 * and the rewrites of readings read and write, and how far compaction got.
 */

/**
 * compacted_seq, how many times readings' blocks were rewritten outside compaction (ADR 0040), and
 * days_seq: how far compacted readings are in reading days (ADR 0048).
 */
export async function compactionMark(trx: Db) {
  const row = await trx
    .selectFrom('metric_compaction')
    .select(['compacted_seq', 'rewrites', 'days_seq'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    compacted: Number(row?.compacted_seq ?? 0),
    rewrites: Number(row?.rewrites ?? 0),
    days: Number(row?.days_seq ?? 0),
  };
}

/** Notes that every reading up to `seq` is in blocks, and every one up to `daysSeq` in reading days. */
export async function setCompactedSeq(trx: Db, seq: number, daysSeq: number): Promise<void> {
  await trx
    .updateTable('metric_compaction')
    .set({ compacted_seq: seq, days_seq: daysSeq })
    .where('id', '=', 1)
    .execute();
}

/** Notes that blocks were rewritten outside compaction: compaction that read them before must not write them back. */
export async function countBlockRewrite(trx: Db): Promise<void> {
  await trx
    .updateTable('metric_compaction')
    .set((eb) => ({ rewrites: eb('rewrites', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

const blocksBetween = (trx: Db, seriesIds: readonly number[], fromDay: number, toDay: number) =>
  trx
    .selectFrom('metric_blocks')
    .where('series_id', 'in', [...seriesIds])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay);

/** The stored blocks of the series on days between `fromDay` and `toDay` (epoch ms, inclusive). */
export const findBlocksBetween = (trx: Db, seriesIds: readonly number[], fromDay: number, toDay: number) =>
  blocksBetween(trx, seriesIds, fromDay, toDay).select(['series_id', 'day', 'data']).execute();

/** The versions of the series' blocks on days between `fromDay` and `toDay` (inclusive). */
export const findBlockVersionsBetween = (trx: Db, seriesIds: readonly number[], fromDay: number, toDay: number) =>
  blocksBetween(trx, seriesIds, fromDay, toDay).select(['series_id', 'day', 'version']).execute();

const versionedBlocksBetween = (trx: Db, seriesIds: readonly number[], fromDay: number, toDay: number) =>
  blocksBetween(trx, seriesIds, fromDay, toDay).select(['series_id', 'day', 'data', 'version']);

/** The series' blocks, with their versions, on days between `fromDay` and `toDay` (inclusive). */
export const findVersionedBlocksBetween = (trx: Db, seriesIds: readonly number[], fromDay: number, toDay: number) =>
  versionedBlocksBetween(trx, seriesIds, fromDay, toDay).execute();

/**
 * `findVersionedBlocksBetween`, on PostgreSQL locked until the transaction ends: a correction of the
 * same day at once must not write back a block missing this rewrite.
 */
export const findVersionedBlocksBetweenForUpdate = (
  trx: Db,
  dialect: Dialect,
  seriesIds: readonly number[],
  fromDay: number,
  toDay: number,
) =>
  versionedBlocksBetween(trx, seriesIds, fromDay, toDay)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();

/** The series' blocks on days in [fromDay, end), by series then day. */
const blocksFrom = (trx: Db, seriesIds: readonly number[], fromDay: number, end: number) =>
  trx
    .selectFrom('metric_blocks')
    .where('series_id', 'in', [...seriesIds])
    .where('day', '>=', fromDay)
    .where('day', '<', end)
    .orderBy('series_id')
    .orderBy('day');

/** The data of the series' blocks on days in [fromDay, end), by series then day. */
export const findBlockDataFrom = (trx: Db, seriesIds: readonly number[], fromDay: number, end: number) =>
  blocksFrom(trx, seriesIds, fromDay, end).select(['series_id', 'day', 'data']).execute();

/** The versions of the series' blocks on days in [fromDay, end), by series then day. */
export const findBlockVersionsFrom = (trx: Db, seriesIds: readonly number[], fromDay: number, end: number) =>
  blocksFrom(trx, seriesIds, fromDay, end).select(['series_id', 'day', 'version']).execute();

/** Up to `limit` blocks of a series before the day `before` (any day when undefined), newest first. */
export const findBlocksBefore = (trx: Db, seriesId: number, before: number | undefined, limit: number) =>
  trx
    .selectFrom('metric_blocks')
    .select(['day', 'data'])
    .where('series_id', '=', seriesId)
    .$if(before !== undefined, (q) => q.where('day', '<', before!))
    .orderBy('day', 'desc')
    .limit(limit)
    .execute();

/** A summary row of a day: the columns asked for, and the series, the day and the count always. */
export type DaySummaryRow = Pick<MetricDaysTable, 'series_id' | 'day' | 'count'> & Partial<MetricDaysTable>;

/** The summaries of the series' days in [fromDay, end), with only the `columns` asked for. */
export const findDaySummaryRows = (
  trx: Db,
  seriesIds: readonly number[],
  fromDay: number,
  end: number,
  columns: ReadonlyArray<keyof MetricDaysTable>,
) =>
  trx
    .selectFrom('metric_days')
    .select(['series_id', 'day', 'count', ...columns])
    .where('series_id', 'in', [...seriesIds])
    .where('day', '>=', fromDay)
    .where('day', '<', end)
    .execute() as Promise<DaySummaryRow[]>;

/** Up to `limit` readings after seq `after` (and before `before`), in seq order. */
export const findReadingsAfterSeq = (trx: Db, after: number, before: number, limit: number) =>
  trx
    .selectFrom('readings')
    .select(['seq', 'entity_id', 'data_point_id', 'project_id', 'read_at', 'received_at', 'metrics'])
    .where('seq', '>', after)
    .$if(before !== Infinity, (q) => q.where('seq', '<', before))
    .orderBy('seq')
    .limit(limit)
    .execute();

const blocksOfDay = (trx: Db, seriesIds: readonly number[], day: number) =>
  trx
    .selectFrom('metric_blocks')
    .select(['series_id', 'data'])
    .where('series_id', 'in', [...seriesIds])
    .where('day', '=', day);

/**
 * The blocks of the series on one day; on PostgreSQL locked until the transaction ends, so that two
 * corrections of one day at once do not each write back a block missing only its own value.
 */
export const findBlocksOfDayForUpdate = (trx: Db, dialect: Dialect, seriesIds: readonly number[], day: number) =>
  blocksOfDay(trx, seriesIds, day)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();

/** The blocks of the series on one day. */
export const findBlocksOfDay = (trx: Db, seriesIds: readonly number[], day: number) =>
  blocksOfDay(trx, seriesIds, day).execute();

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

import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Piece } from './bucketing.ts';

/** A raw value; `t` may be text on PostgreSQL (bigint). */
export interface RawRow {
  series_id: number;
  t: number | string;
  value: number;
}

/** A rollup row, or a raw value in the same shape (count 1). */
export interface PartialRow {
  series_id: number;
  t: number | string;
  count: number;
  sum: number;
  min: number;
  max: number;
  first_t: number | string;
  first: number;
}

/**
 * Raw values of `seriesIds` in [from, end): one primary-key range scan per series (ADR 0007), no
 * sort and no grouping in SQL; buckets are filled by the caller in one pass.
 */
export async function findRawValues(
  db: Db,
  seriesIds: readonly number[],
  from: number,
  end: number,
  excludeZero: boolean,
): Promise<RawRow[]> {
  return db
    .selectFrom('metric_values')
    .select(['series_id', 't', 'value'])
    .where('series_id', 'in', [...seriesIds])
    .where('t', '>=', from)
    .where('t', '<', end)
    .$if(excludeZero, (q) => q.where('value', '<>', 0))
    .execute();
}

/**
 * Rollups of whole days or hours and raw values of the partial periods at the edges, as one
 * UNION ALL query of primary-key range scans.
 */
export async function findPartials(
  db: Db,
  seriesIds: readonly number[],
  pieces: readonly Piece[],
): Promise<PartialRow[]> {
  const ids = [...seriesIds];
  const queries = pieces.map((piece) =>
    piece.source === 'raw'
      ? db
          .selectFrom('metric_values')
          .select([
            'series_id',
            't',
            sql<number>`1`.as('count'),
            'value as sum',
            'value as min',
            'value as max',
            't as first_t',
            'value as first',
          ])
          .where('series_id', 'in', ids)
          .where('t', '>=', piece.from)
          .where('t', '<', piece.end)
      : db
          .selectFrom('metric_rollups')
          .select(['series_id', 'bucket as t', 'count', 'sum', 'min', 'max', 'first_t', 'first'])
          .where('series_id', 'in', ids)
          .where('period', '=', piece.source)
          .where('bucket', '>=', piece.from)
          .where('bucket', '<', piece.end),
  );
  const [head, ...rest] = queries;
  if (!head) return [];
  let union = head;
  for (const q of rest) union = union.unionAll(q);
  return union.execute();
}

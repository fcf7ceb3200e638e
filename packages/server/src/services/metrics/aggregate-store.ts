import type { AggregationFunction } from '@vigil/domain';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Piece } from './bucketing.ts';

/** A raw value; `t` may be text on PostgreSQL (bigint). */
export interface RawRow {
  series_id: number;
  t: number | string;
  value: number;
}

/**
 * A rollup row, or a raw value in the same shape (count 1), with only what the function needs:
 * `a` is the sum (avg, sum), the min, the max or the first time (first); `b` the first value.
 */
export interface PartialRow {
  series_id: number;
  t: number | string;
  count: number;
  a: number | string | null;
  b: number | null;
}

/** The rollup column (and raw expression) read as `a` and `b`, by function. */
const PARTIAL_COLUMNS: Record<AggregationFunction, { a?: 'sum' | 'min' | 'max' | 'first_t'; b?: 'first' }> = {
  avg: { a: 'sum' },
  sum: { a: 'sum' },
  count: {},
  min: { a: 'min' },
  max: { a: 'max' },
  first: { a: 'first_t', b: 'first' },
};

/**
 * Raw values of `seriesIds` in [from, end): one primary-key range scan per series (ADR 0007), no
 * grouping in SQL; buckets are filled by the caller in one pass.
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
 * The same, series by series in time order: one statement compiled once and run per series. Each
 * row is then two values instead of three, which is what a 20 000-value chart spends its time on.
 */
export async function findValuesBySeries(
  db: Db,
  seriesIds: readonly number[],
  from: number,
  end: number,
  excludeZero: boolean,
): Promise<Array<Array<{ t: number | string; value: number }>>> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A round trip per series costs more than a third column on PostgreSQL: one query, split here.
    const rows = await db
      .selectFrom('metric_values')
      .select(['series_id', 't', 'value'])
      .where('series_id', 'in', [...seriesIds])
      .where('t', '>=', from)
      .where('t', '<', end)
      .$if(excludeZero, (q) => q.where('value', '<>', 0))
      .orderBy('series_id')
      .orderBy('t')
      .execute();
    const bySeries = new Map<number, Array<{ t: number | string; value: number }>>(seriesIds.map((id) => [id, []]));
    for (const row of rows) bySeries.get(row.series_id)!.push(row);
    return seriesIds.map((id) => bySeries.get(id)!);
  }
  const compiled = db
    .selectFrom('metric_values')
    .select(['t', 'value'])
    .where('series_id', '=', 0)
    .where('t', '>=', from)
    .where('t', '<', end)
    .$if(excludeZero, (q) => q.where('value', '<>', 0))
    .orderBy('t')
    .compile();
  const out: Array<Array<{ t: number | string; value: number }>> = [];
  for (const id of seriesIds) {
    // series_id is the first parameter of the statement above.
    const { rows } = await db.executeQuery<{ t: number | string; value: number }>({
      ...compiled,
      parameters: [id, ...compiled.parameters.slice(1)],
    });
    out.push(rows);
  }
  return out;
}

/**
 * Rollups of whole days or hours and raw values of the partial periods at the edges, as one
 * UNION ALL query of primary-key range scans, reading only the columns `fn` needs.
 */
export async function findPartials(
  db: Db,
  seriesIds: readonly number[],
  pieces: readonly Piece[],
  fn: AggregationFunction,
): Promise<PartialRow[]> {
  const ids = [...seriesIds];
  const { a, b } = PARTIAL_COLUMNS[fn];
  const rawA = a === 'first_t' ? sql.ref('t') : a ? sql.ref('value') : sql`null`;
  const rawB = b ? sql.ref('value') : sql`null`;
  const queries = pieces.map((piece) =>
    piece.source === 'raw'
      ? db
          .selectFrom('metric_values')
          .select([
            'series_id',
            't',
            sql<number>`1`.as('count'),
            sql<number | string | null>`${rawA}`.as('a'),
            sql<number | null>`${rawB}`.as('b'),
          ])
          .where('series_id', 'in', ids)
          .where('t', '>=', piece.from)
          .where('t', '<', piece.end)
      : db
          .selectFrom('metric_rollups')
          .select([
            'series_id',
            'bucket as t',
            'count',
            sql<number | string | null>`${a ? sql.ref(a) : sql`null`}`.as('a'),
            sql<number | null>`${b ? sql.ref(b) : sql`null`}`.as('b'),
          ])
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

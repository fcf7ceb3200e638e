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

/** A raw value with the index of its fixed-width bucket; text on PostgreSQL (bigint). */
export interface IndexedValue {
  i: number | string;
  value: number;
}

/**
 * The same, series by series in time order, each value with its bucket index
 * `floor((t - origin) / width)` (t ≥ origin), handed to `onSeries` before the next series is read:
 * one statement compiled once and run per series. A row is then a small integer and a value
 * instead of three values, and only one series' rows are alive at a time — which is what a
 * 20 000-value chart spends its time on (materializing rows, and collecting them).
 */
export async function readValuesBySeries(
  db: Db,
  seriesIds: readonly number[],
  range: { from: number; end: number; origin: number; width: number },
  excludeZero: boolean,
  onSeries: (position: number, rows: readonly IndexedValue[]) => void,
): Promise<void> {
  // SQLite binds JS numbers as REAL: the cast truncates the exact quotient (t ≥ origin).
  const index = sql<number | string>`cast((t - ${range.origin}) / ${range.width} as integer)`;
  const base = db
    .selectFrom('metric_values')
    .where('t', '>=', range.from)
    .where('t', '<', range.end)
    .$if(excludeZero, (q) => q.where('value', '<>', 0));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A round trip per series costs more than a third column on PostgreSQL: one query, split here.
    const rows = await base
      .select(['series_id', index.as('i'), 'value'])
      .where('series_id', 'in', [...seriesIds])
      .orderBy('series_id')
      .orderBy('t')
      .execute();
    const bySeries = new Map<number, IndexedValue[]>(seriesIds.map((id) => [id, []]));
    for (const row of rows) bySeries.get(row.series_id)!.push(row);
    seriesIds.forEach((id, position) => onSeries(position, bySeries.get(id)!));
    return;
  }
  const compiled = base
    .select([index.as('i'), 'value'])
    .where('series_id', '=', 0)
    .orderBy('t')
    .compile();
  const seriesParameter = compiled.parameters.length - 1;
  for (let position = 0; position < seriesIds.length; position++) {
    const parameters = [...compiled.parameters];
    parameters[seriesParameter] = seriesIds[position]; // series_id = ? is the statement's last parameter
    onSeries(position, (await db.executeQuery<IndexedValue>({ ...compiled, parameters })).rows);
  }
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

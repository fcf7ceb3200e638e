import { CompiledQuery, sql } from 'kysely';
import type { Db, Dialect } from '../../db/connection.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

/** A stored reading (readings or latest_readings): metric groups as JSON. */
export interface ReadingRecord {
  entity_id: string;
  data_point_id: string;
  read_at: string;
  received_at: string;
  metrics: string;
}

/** `GET metrics/`: wire names → columns of readings. */
export const readingList: ListSpec = {
  columns: { read_at: 'read_at', monitored_entity_id: 'entity_id', monitored_entity_ids: 'entity_id' },
  filters: ['monitored_entity_ids'],
  ranges: ['read_at'],
  orderings: ['read_at', 'monitored_entity_id'],
  defaultOrdering: '-read_at',
  tieBreaker: 'data_point_id',
};

const READING_COLUMNS = ['entity_id', 'data_point_id', 'read_at', 'received_at', 'metrics'] as const;

/** One page of the project's readings (walking the readings' key, read_at first). */
export async function listReadings(db: Db, projectId: string, query: ListQuery) {
  // (entity, data point, read_at) is the key: order by all three so that pages never overlap.
  const ordering = query.ordering.some((o) => o.column === 'entity_id')
    ? query.ordering
    : [...query.ordering, { column: 'entity_id', desc: false }];
  const withReadAt = ordering.some((o) => o.column === 'read_at')
    ? ordering
    : [...ordering, { column: 'read_at', desc: true }];
  return runListQuery(
    db
      .selectFrom('readings')
      .select([...READING_COLUMNS])
      .where('project_id', '=', projectId),
    { ...query, ordering: withReadAt },
    readingList,
  );
}

/** The manual readings among `records` (ADR 0027): who entered each and when. */
export async function findManualReadings(db: Db, records: readonly ReadingRecord[]) {
  if (records.length === 0) return [];
  return db
    .selectFrom('manual_readings')
    .select([
      'id',
      'entity_id',
      'data_point_id',
      'read_at',
      'data_session_id',
      'entered_by',
      'entered_at',
      'corrected_by',
      'corrected_at',
    ])
    .where('entity_id', 'in', [...new Set(records.map((r) => r.entity_id))])
    .where('read_at', 'in', [...new Set(records.map((r) => r.read_at))])
    .execute();
}

export interface LatestFilter {
  /** ISO bounds of read_at, inclusive */
  from?: string | undefined;
  to?: string | undefined;
  entityIds?: readonly string[] | undefined;
  dataPointIds?: readonly string[] | undefined;
  /** only readings of data points */
  ofDataPoints?: boolean;
}

/**
 * The newest reading of each (entity, data point) of the project within the bounds. Without an
 * upper bound, latest_readings answers alone. With one, the newest read_at at or before it is found
 * first, one primary-key seek per pair (a materialized CTE, so that the planner cannot fold the
 * seek into a scan of every reading), and then each reading by its key.
 */
export async function findLatestReadings(db: Db, projectId: string, filter: LatestFilter): Promise<ReadingRecord[]> {
  if (filter.entityIds?.length === 0 || filter.dataPointIds?.length === 0) return [];
  const pairs = db
    .selectFrom('monitored_entities as e')
    .innerJoin('latest_readings as l', 'l.entity_id', 'e.id')
    .where('e.project_id', '=', projectId)
    .$if(filter.entityIds !== undefined, (q) => q.where('l.entity_id', 'in', [...filter.entityIds!]))
    .$if(filter.dataPointIds !== undefined, (q) => q.where('l.data_point_id', 'in', [...filter.dataPointIds!]))
    .$if(filter.ofDataPoints === true, (q) => q.where('l.data_point_id', '<>', ''));
  if (filter.to === undefined) {
    return pairs
      .select(['l.entity_id', 'l.data_point_id', 'l.read_at', 'l.received_at', 'l.metrics'])
      .$if(filter.from !== undefined, (q) => q.where('l.read_at', '>=', filter.from!))
      .execute();
  }
  const to = filter.to;
  return db
    .with(
      (cte) => cte('newest').materialized(),
      () =>
        pairs.select((eb) => [
          'l.entity_id',
          'l.data_point_id',
          eb
            .selectFrom('readings as n')
            .select((n) => n.fn.max('n.read_at').as('read_at'))
            .whereRef('n.entity_id', '=', 'l.entity_id')
            .whereRef('n.data_point_id', '=', 'l.data_point_id')
            .where('n.read_at', '<=', to)
            .$if(filter.from !== undefined, (q) => q.where('n.read_at', '>=', filter.from!))
            .as('read_at'),
        ]),
    )
    .selectFrom('newest')
    .innerJoin('readings as r', (j) =>
      j
        .onRef('r.entity_id', '=', 'newest.entity_id')
        .onRef('r.data_point_id', '=', 'newest.data_point_id')
        .onRef('r.read_at', '=', 'newest.read_at'),
    )
    .select(['r.entity_id', 'r.data_point_id', 'r.read_at', 'r.received_at', 'r.metrics'])
    .execute();
}

/** An entity's latest readings (read_at and metric groups as JSON), newest first. */
export const findLatestReadingsOf = (db: Db, entityId: string, limit: number) =>
  db
    .selectFrom('readings')
    .select(['read_at', 'metrics'])
    .where('entity_id', '=', entityId)
    .orderBy('read_at', 'desc')
    .limit(limit)
    .execute();

/** A span of an entity's readings: from `from` on, before `to` when it is set. */
export interface ReadingSpan {
  entityId: string;
  from: string;
  to: string | null;
}

const readingsIn = (db: Db, span: ReadingSpan) =>
  db
    .selectFrom('readings')
    .where('entity_id', '=', span.entityId)
    .where('read_at', '>=', span.from)
    .$if(span.to !== null, (q) => q.where('read_at', '<', span.to!));

/** The next `limit` readings of the span in (read_at, data_point_id) order, after `after` when given. */
export const findReadingsInSpan = (
  db: Db,
  span: ReadingSpan,
  after: { readAt: string; dataPointId: string } | null,
  limit: number,
) =>
  readingsIn(db, span)
    .select(['seq', 'read_at', 'data_point_id', 'metrics'])
    .$if(after !== null, (q) =>
      q
        .where('read_at', '>=', after!.readAt)
        .where((eb) =>
          eb.not(eb.and([eb('read_at', '=', after!.readAt), eb('data_point_id', '<=', after!.dataPointId)])),
        ),
    )
    .orderBy('read_at')
    .orderBy('data_point_id')
    .limit(limit)
    .execute();

export async function countReadingsInSpan(db: Db, span: ReadingSpan): Promise<number> {
  const row = await readingsIn(db, span)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The seq of the last reading stored. */
export async function lastReadingSeq(db: Db): Promise<number> {
  const row = await sql<{ seq: number | null }>`select max(seq) as seq from readings`.execute(db);
  return Number(row.rows[0]?.seq ?? 0);
}

/** The readings of the entities stored after seq `after` up to `last` (included), in no order. */
export const findReadingsOfEntitiesInSeqs = (db: Db, entityIds: readonly string[], after: number, last: number) =>
  db
    .selectFrom('readings')
    .select(['entity_id', 'data_point_id', 'read_at', 'metrics'])
    .where('seq', '>', after)
    .where('seq', '<=', last)
    .where('entity_id', 'in', [...entityIds])
    .execute();

/** New metric groups (JSON) of stored readings, by seq: one statement per chunk, `update … from (values …)` (SQLite ≥ 3.33 and PostgreSQL). */
export async function rewriteReadingMetrics(
  db: Db,
  dialect: Dialect,
  readings: ReadonlyArray<{ seq: number; text: string }>,
): Promise<void> {
  const CHUNK = 5000;
  for (let i = 0; i < readings.length; i += CHUNK) {
    const part = readings.slice(i, i + CHUNK);
    const params: unknown[] = [];
    const tuples = part.map((r, n) => {
      params.push(r.seq, r.text);
      return dialect === 'postgres' ? `($${2 * n + 1}::bigint, $${2 * n + 2})` : '(?, ?)';
    });
    await db.executeQuery(
      CompiledQuery.raw(
        `update readings set metrics = v.column2 from (values ${tuples.join(',')}) as v where readings.seq = v.column1`,
        params,
      ),
    );
  }
}

/** New metric groups (JSON) of a channel's latest reading, if it is still the one read at `readAt`; whether it was. */
export async function rewriteLatestMetrics(
  db: Db,
  channel: { entityId: string; dataPointId: string; readAt: string },
  text: string,
): Promise<boolean> {
  const result = await db
    .updateTable('latest_readings')
    .set({ metrics: text })
    .where('entity_id', '=', channel.entityId)
    .where('data_point_id', '=', channel.dataPointId)
    .where('read_at', '=', channel.readAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many readings the entity has stored. */
export async function countReadingsOfEntity(db: Db, entityId: string): Promise<number> {
  const row = await db
    .selectFrom('readings')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** An entity's latest reading of each data point, oldest first. */
export const findLatestOfEntity = (db: Db, entityId: string) =>
  db
    .selectFrom('latest_readings')
    .select(['data_point_id', 'read_at', 'received_at', 'metrics'])
    .where('entity_id', '=', entityId)
    .orderBy('read_at')
    .execute();

/** Deletes the project's reading stored under the key; answers its seq and metrics (JSON) if there was one. */
export const deleteReadingAt = (
  db: Db,
  projectId: string,
  key: { entityId: string; dataPointId: string; readAt: string },
) =>
  db
    .deleteFrom('readings')
    .where('read_at', '=', key.readAt)
    .where('entity_id', '=', key.entityId)
    .where('data_point_id', '=', key.dataPointId)
    .where('project_id', '=', projectId)
    .returning(['seq', 'metrics'])
    .executeTakeFirst();

import { CompiledQuery, sql } from 'kysely';
import type { Db, Dialect } from '../../db/connection.ts';
import type { ListSpec } from '../../http/list-query.ts';
import type { ReadingScope } from './reading-day-store.ts';

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
 * The newest reading of each (entity, data point) of the project, from latest_readings: without an
 * upper bound only (with one, stored-readings.ts `findNewestEntries` answers).
 */
export async function findLatestReadings(db: Db, projectId: string, filter: LatestFilter): Promise<ReadingRecord[]> {
  if (filter.entityIds?.length === 0 || filter.dataPointIds?.length === 0) return [];
  if (filter.to !== undefined) throw new Error('findLatestReadings answers without an upper bound only');
  return db
    .selectFrom('monitored_entities as e')
    .innerJoin('latest_readings as l', 'l.entity_id', 'e.id')
    .where('e.project_id', '=', projectId)
    .$if(filter.entityIds !== undefined, (q) => q.where('l.entity_id', 'in', [...filter.entityIds!]))
    .$if(filter.dataPointIds !== undefined, (q) => q.where('l.data_point_id', 'in', [...filter.dataPointIds!]))
    .$if(filter.ofDataPoints === true, (q) => q.where('l.data_point_id', '<>', ''))
    .select(['l.entity_id', 'l.data_point_id', 'l.read_at', 'l.received_at', 'l.metrics'])
    .$if(filter.from !== undefined, (q) => q.where('l.read_at', '>=', filter.from!))
    .execute();
}

/**
 * The scope's readings stored after seq `after` (days_seq: not in reading days, ADR 0048) with
 * read_at in [fromIso, endIso) (either open when null), in no order.
 */
export const findReadingsAfterDays = (
  trx: Db,
  after: number,
  scope: ReadingScope,
  fromIso: string | null,
  endIso: string | null,
) =>
  trx
    .selectFrom('readings')
    .select(['seq', 'entity_id', 'data_point_id', 'read_at', 'received_at', 'metrics'])
    .where('seq', '>', after)
    .$if(scope.projectId !== undefined, (q) => q.where('project_id', '=', scope.projectId!))
    .$if(scope.entityIds !== undefined, (q) => q.where('entity_id', 'in', [...scope.entityIds!]))
    .$if(scope.dataPointIds !== undefined, (q) => q.where('data_point_id', 'in', [...scope.dataPointIds!]))
    .$if(scope.ofDataPoints === true, (q) => q.where('data_point_id', '<>', ''))
    .$if(fromIso !== null, (q) => q.where('read_at', '>=', fromIso!))
    .$if(endIso !== null, (q) => q.where('read_at', '<', endIso!))
    .execute();

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

/** How many rows of readings have a seq up to `last`, and how many after it. */
export async function countReadingsUpTo(db: Db, last: number): Promise<{ going: number; staying: number }> {
  const row = await db
    .selectFrom('readings')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('seq', '<=', last).as('going'),
      eb.fn.countAll<number>().filterWhere('seq', '>', last).as('staying'),
    ])
    .executeTakeFirstOrThrow();
  return { going: Number(row.going), staying: Number(row.staying) };
}

const READINGS_TABLE = /^CREATE TABLE\s+"?readings"?\s*\(/i;

/**
 * SQLite only (ADR 0052): the rows of readings with seq up to `last` go with the table. The rows
 * after it move to a new table of the same definition, the old table is dropped (its pages freed, no
 * row or key deleted one by one: readings' foreign key is a child's, so the drop deletes nothing
 * first), the new one takes its name, and AUTOINCREMENT's counter carries on. Every reader goes on
 * reading `readings`; SQLite prepares their statements again for the new schema.
 */
export async function replaceReadingsTable(trx: Db, last: number): Promise<void> {
  const table = sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'readings'`;
  const definition = (await table.execute(trx)).rows[0]?.sql ?? '';
  if (!READINGS_TABLE.test(definition)) throw new Error(`readings is not the table expected: ${definition}`);
  const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'readings'`.execute(trx);
  await sql.raw(definition.replace(READINGS_TABLE, 'CREATE TABLE "readings_next" (')).execute(trx);
  await sql`insert into readings_next select * from readings where seq > ${last} order by seq`.execute(trx);
  await sql`drop table readings`.execute(trx);
  await sql`alter table readings_next rename to readings`.execute(trx);
  const seq = Number(counter.rows[0]?.seq ?? 0);
  await sql`delete from sqlite_sequence where name = 'readings'`.execute(trx);
  await sql`insert into sqlite_sequence (name, seq) values ('readings', ${seq})`.execute(trx);
}

/**
 * Deletes the readings with seq up to `last`, at most `limit` seqs from the lowest stored one, as one
 * range of the table's key (no list of seqs to build); answers how many went and whether rows up to
 * `last` may remain.
 */
export async function deleteReadingsUpTo(
  db: Db,
  last: number,
  limit: number,
): Promise<{ deleted: number; more: boolean }> {
  const first = await db
    .selectFrom('readings')
    .select((eb) => eb.fn.min('seq').as('seq'))
    .executeTakeFirst();
  if (first?.seq == null || Number(first.seq) > last) return { deleted: 0, more: false };
  const upTo = Math.min(last, Number(first.seq) + limit - 1);
  const result = await db.deleteFrom('readings').where('seq', '<=', upTo).executeTakeFirst();
  return { deleted: Number(result.numDeletedRows), more: upTo < last };
}

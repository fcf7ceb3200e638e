import { MAX_READING_SETS, type ReadingSet } from '@vigil/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { InclinometerDatumsTable } from '../../db/schema.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

// All SQL of inclinometer datums (ADR 0041), their one writer; rows are presented by datum-presenter.ts.

export type DatumRow = InclinometerDatumsTable;

export const datumList: ListSpec = {
  columns: { set_at: 'set_at', datum_at: 'datum_at', set_by: 'set_by' },
  filters: ['set_by'],
  ranges: ['set_at', 'datum_at'],
  orderings: ['set_at', 'datum_at'],
  defaultOrdering: '-set_at',
  tieBreaker: 'id',
};

/** One page of an instrument's datums, the one in effect (newest set) first unless asked otherwise. */
export async function listDatums(db: Db, entityId: string, query: ListQuery) {
  return runListQuery(
    db.selectFrom('inclinometer_datums').selectAll().where('entity_id', '=', entityId),
    query,
    datumList,
  );
}

/** The datum in effect: the one set last. */
export async function datumInEffect(db: Db, entityId: string): Promise<DatumRow | undefined> {
  return db
    .selectFrom('inclinometer_datums')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('set_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertDatum(trx: Db, row: DatumRow): Promise<void> {
  await trx.insertInto('inclinometer_datums').values(row).execute();
}

/** Whether the entity has readings stored with this read_at (canonical ISO): a reading set. */
export async function hasReadingSet(db: Db, entityId: string, readAt: string): Promise<boolean> {
  // the readings' unique key starts with (read_at, entity_id): one index probe
  const found = await db
    .selectFrom('readings')
    .select('entity_id')
    .where('read_at', '=', readAt)
    .where('entity_id', '=', entityId)
    .limit(1)
    .executeTakeFirst();
  return !!found;
}

/** The entity's reading sets between two instants (canonical ISO, both included), newest first. */
export async function listReadingSets(db: Db, entityId: string, from: string, to: string): Promise<ReadingSet[]> {
  const rows = await db
    .selectFrom('readings')
    .select(['read_at', sql<number>`count(*)`.as('readings')])
    .where('read_at', '>=', from)
    .where('read_at', '<=', to)
    .where('entity_id', '=', entityId)
    .groupBy('read_at')
    .orderBy('read_at', 'desc')
    .limit(MAX_READING_SETS)
    .execute();
  return rows.map((r) => ({ read_at: r.read_at, readings: Number(r.readings) }));
}

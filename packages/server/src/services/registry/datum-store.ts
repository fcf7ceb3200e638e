import { MAX_READING_SETS, type ReadingSet } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import type { InclinometerDatumsTable } from '../../db/schema.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';
import { findStoredEntries, readStored } from '../metrics/stored-readings.ts';

// All SQL of inclinometer datums (ADR 0041), their one writer; rows are presented by datum-presenter.ts.
// Reading sets are the instrument's stored readings (ADR 0048), read through stored-readings.ts.

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
  const t = Date.parse(readAt);
  const found = await readStored(db, (reader) =>
    findStoredEntries(reader, { entityIds: [entityId] }, { from: t, end: t + 1 }),
  );
  return found.length > 0;
}

/** The entity's reading sets between two instants (canonical ISO, both included), newest first. */
export async function listReadingSets(db: Db, entityId: string, from: string, to: string): Promise<ReadingSet[]> {
  const range = { from: Date.parse(from), end: Date.parse(to) + 1 };
  const entries = await readStored(db, (reader) => findStoredEntries(reader, { entityIds: [entityId] }, range));
  const sets = new Map<number, number>();
  for (const e of entries) sets.set(e.t, (sets.get(e.t) ?? 0) + 1);
  return [...sets]
    .sort((a, b) => b[0] - a[0])
    .slice(0, MAX_READING_SETS)
    .map(([t, readings]) => ({ read_at: new Date(t).toISOString(), readings }));
}

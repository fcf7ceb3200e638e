import type { Db } from '../../db/connection.ts';
import type { DataPointsTable } from '../../db/schema.ts';
import type { ListSpec } from '../../http/list-query.ts';

export interface DataPointRecord {
  id: string;
  projectId: string;
  entityId: string;
  title: string;
  identifier: string;
  createdAt: string;
}

/** Filtered and ordered in memory: titles sort naturally ("PZ-2" before "PZ-10"), which SQL cannot. */
export const dataPointList: ListSpec = {
  columns: {
    id: 'id',
    title: 'title',
    identifier: 'identifier',
    monitored_entity_id: 'monitored_entity_id',
    created_at: 'created_at',
  },
  filters: ['id', 'title', 'identifier'],
  defaultOrdering: 'title',
  tieBreaker: 'id',
};

const toRecord = (row: DataPointsTable): DataPointRecord => ({
  id: row.id,
  projectId: row.project_id,
  entityId: row.entity_id,
  title: row.title,
  identifier: row.identifier,
  createdAt: row.created_at,
});

export const dataPointRow = (r: DataPointRecord): DataPointsTable => ({
  id: r.id,
  project_id: r.projectId,
  entity_id: r.entityId,
  title: r.title,
  identifier: r.identifier,
  created_at: r.createdAt,
});

/** The project's data points, of the given entities when named. */
export async function findDataPoints(db: Db, projectId: string, entityIds?: string[]): Promise<DataPointRecord[]> {
  let qb = db.selectFrom('data_points').selectAll().where('project_id', '=', projectId);
  if (entityIds) {
    if (!entityIds.length) return [];
    qb = qb.where('entity_id', 'in', entityIds);
  }
  return (await qb.execute()).map(toRecord);
}

export async function findDataPoint(db: Db, projectId: string, id: string): Promise<DataPointRecord | undefined> {
  const row = await db
    .selectFrom('data_points')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function identifierTaken(db: Db, entityId: string, identifier: string): Promise<boolean> {
  const row = await db
    .selectFrom('data_points')
    .select('id')
    .where('entity_id', '=', entityId)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return !!row;
}

export async function insertDataPoints(db: Db, records: DataPointRecord[]): Promise<void> {
  if (records.length) await db.insertInto('data_points').values(records.map(dataPointRow)).execute();
}

export async function deleteDataPoint(db: Db, projectId: string, id: string): Promise<void> {
  await db.deleteFrom('data_points').where('project_id', '=', projectId).where('id', '=', id).execute();
}

/** Deletes every data point of an entity (before the entity itself goes). */
export async function deleteDataPointsOf(db: Db, entityId: string): Promise<void> {
  await db.deleteFrom('data_points').where('entity_id', '=', entityId).execute();
}

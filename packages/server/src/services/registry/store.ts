import type { Db } from '../../db/connection.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

export interface ResponderTypeRecord {
  id: string;
  name: string;
  title: string;
}

export const responderTypeList: ListSpec = {
  columns: { id: 'id', name: 'name', title: 'title' },
  filters: ['name'],
  defaultOrdering: 'title',
  tieBreaker: 'id',
};

/** One page of the project's responder types, filtered and ordered as the query asks. */
export async function listResponderTypes(
  db: Db,
  projectId: string,
  query: ListQuery,
): Promise<{ count: number; rows: ResponderTypeRecord[] }> {
  return runListQuery(
    db.selectFrom('responder_types').select(['id', 'name', 'title']).where('project_id', '=', projectId),
    query,
    responderTypeList,
  );
}

/** Every responder type of the project (a handful): user profiles refer to them by id. */
export async function findProjectResponderTypes(db: Db, projectId: string): Promise<ResponderTypeRecord[]> {
  return db
    .selectFrom('responder_types')
    .select(['id', 'name', 'title'])
    .where('project_id', '=', projectId)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

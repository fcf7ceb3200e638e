import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { BasicGroupsTable } from '../../db/schema.ts';
import { fromJson, toJson } from '../../db/values.ts';
import type { ListSpec } from '../../http/list-query.ts';

export interface GroupRecord {
  id: string;
  projectId: string;
  title: string;
  type: string;
  entityIds: string[];
  createdAt: string;
  /** the group's version for If-Match (ADR 0034) */
  updatedAt: string;
}

/** Groups are few per project: filtered and ordered in memory, titles in natural order. */
export const groupList: ListSpec = {
  columns: { id: 'id', title: 'title', type: 'type', created_at: 'created_at' },
  filters: ['id', 'title', 'type'],
  defaultOrdering: 'title',
  tieBreaker: 'id',
};

const toRecord = (row: BasicGroupsTable): GroupRecord => ({
  id: row.id,
  projectId: row.project_id,
  title: row.title,
  type: row.type,
  entityIds: fromJson(row.entity_ids, []),
  createdAt: row.created_at,
  updatedAt: row.updated_at ?? row.created_at,
});

export const groupRow = (r: GroupRecord): BasicGroupsTable => ({
  id: r.id,
  project_id: r.projectId,
  title: r.title,
  type: r.type,
  entity_ids: toJson(r.entityIds),
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

export async function findGroups(db: Db, projectId: string): Promise<GroupRecord[]> {
  return (await db.selectFrom('basic_groups').selectAll().where('project_id', '=', projectId).execute()).map(toRecord);
}

export async function findGroup(db: Db, projectId: string, id: string): Promise<GroupRecord | undefined> {
  const row = await db
    .selectFrom('basic_groups')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function insertGroups(db: Db, records: GroupRecord[]): Promise<void> {
  if (records.length) await db.insertInto('basic_groups').values(records.map(groupRow)).execute();
}

/** With `version`, only over that version (ADR 0034): false when the group has moved on or gone. */
export async function updateGroup(db: Db, record: GroupRecord, version?: string): Promise<boolean> {
  const { title, type, entity_ids, updated_at } = groupRow(record);
  const result = await db
    .updateTable('basic_groups')
    .set({ title, type, entity_ids, updated_at })
    .where('project_id', '=', record.projectId)
    .where('id', '=', record.id)
    .$if(version !== undefined, (qb) => qb.where(sql`coalesce(updated_at, created_at)`, '=', version!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteGroup(db: Db, projectId: string, id: string, version: string): Promise<boolean> {
  const result = await db
    .deleteFrom('basic_groups')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where(sql`coalesce(updated_at, created_at)`, '=', version)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

import type { TileMenu } from '@vigil/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { RolesTable } from '../../db/schema.ts';
import { fromJson, nowIso, toJson } from '../../db/values.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

export interface RoleRecord {
  id: string;
  projectId: string;
  name: string;
  permissionGroupIds: string[];
  tileMenu: TileMenu;
  menuTree: unknown[];
  createdAt: string;
  updatedAt: string;
}

export interface PermissionGroupRecord {
  id: string;
  name: string;
  permissions: string[];
}

export const roleList: ListSpec = {
  columns: { id: 'id', name: 'name', created: 'created_at', updated: 'updated_at' },
  filters: ['name'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};

const toRecord = (row: Selectable<RolesTable>): RoleRecord => ({
  id: row.id,
  projectId: row.project_id,
  name: row.name,
  permissionGroupIds: fromJson(row.permission_groups, []),
  tileMenu: row.tile_menu === 'grid' ? 'grid' : 'side-menu',
  menuTree: fromJson(row.menu_tree, []),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function listRoles(db: Db, projectId: string, query: ListQuery) {
  const { count, rows } = await runListQuery(
    db.selectFrom('roles').selectAll().where('project_id', '=', projectId),
    query,
    roleList,
  );
  return { count, records: rows.map(toRecord) };
}

/** Every role of the project (three or so), by name. */
export async function findProjectRoles(db: Db, projectId: string): Promise<RoleRecord[]> {
  const rows = await db.selectFrom('roles').selectAll().where('project_id', '=', projectId).orderBy('name').execute();
  return rows.map(toRecord);
}

export async function findRole(db: Db, projectId: string, roleId: string): Promise<RoleRecord | undefined> {
  const row = await db
    .selectFrom('roles')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', roleId)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function updateRole(
  db: Db,
  role: Pick<RoleRecord, 'id' | 'projectId' | 'permissionGroupIds' | 'tileMenu' | 'menuTree'>,
): Promise<void> {
  await db
    .updateTable('roles')
    .set({
      permission_groups: toJson(role.permissionGroupIds),
      tile_menu: role.tileMenu,
      menu_tree: toJson(role.menuTree),
      updated_at: nowIso(),
    })
    .where('project_id', '=', role.projectId)
    .where('id', '=', role.id)
    .execute();
}

/** Permission groups are shared by every project and few: they are read whole. */
export async function findPermissionGroups(db: Db): Promise<Map<string, PermissionGroupRecord>> {
  const rows = await db.selectFrom('permission_groups').select(['id', 'name', 'permissions']).orderBy('name').execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, permissions: fromJson(r.permissions, []) }]));
}

import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ModulesTable } from '../../db/schema.ts';
import { fromJson, toJson } from '../../db/values.ts';

export interface ModuleRecord {
  id: string;
  projectId: string;
  name: string;
  path: string;
  folder: string;
  roleIds: string[];
  features: unknown[];
  position: number;
}

const toRecord = (row: Selectable<ModulesTable>): ModuleRecord => ({
  id: row.id,
  projectId: row.project_id,
  name: row.name,
  path: row.path,
  folder: row.folder,
  roleIds: fromJson<unknown[]>(row.roles, []).map(String),
  features: fromJson(row.features, []),
  position: Number(row.position),
});

/** Every module of the project in menu order (a dozen or so). */
export async function findProjectModules(db: Db, projectId: string): Promise<ModuleRecord[]> {
  const rows = await db
    .selectFrom('modules')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export async function findModule(db: Db, projectId: string, moduleId: string): Promise<ModuleRecord | undefined> {
  const row = await db
    .selectFrom('modules')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', moduleId)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function updateModuleRoles(db: Db, projectId: string, moduleId: string, roleIds: string[]): Promise<void> {
  await db
    .updateTable('modules')
    .set({ roles: toJson(roleIds) })
    .where('project_id', '=', projectId)
    .where('id', '=', moduleId)
    .execute();
}

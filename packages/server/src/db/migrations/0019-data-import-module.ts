import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';

// Frozen in time: later changes go in new migrations. Logger file imports (issue 32) are a module of
// their own, `DataImport` at `data-import`, for Administrators and Managers only (ADR 0035): the demo
// seed gives it to new projects; projects made before get it here, at the end of those roles' menus.

const CURATORS = ['Administrator', 'Manager'];

interface ModuleRow {
  project_id: string;
  folder: string;
  position: number;
}
interface RoleRow {
  id: string;
  project_id: string;
  name: string;
  menu_tree: string;
}

export async function up(db: Kysely<any>): Promise<void> {
  const modules: ModuleRow[] = await db.selectFrom('modules').select(['project_id', 'folder', 'position']).execute();
  const roles: RoleRow[] = await db.selectFrom('roles').select(['id', 'project_id', 'name', 'menu_tree']).execute();
  const projects: Array<{ id: string }> = await db.selectFrom('projects').select('id').execute();
  for (const { id: projectId } of projects) {
    const own = modules.filter((m) => m.project_id === projectId);
    if (own.some((m) => m.folder === 'DataImport')) continue;
    const curators = roles.filter((r) => r.project_id === projectId && CURATORS.includes(r.name));
    const moduleId = randomUUID();
    await db
      .insertInto('modules')
      .values({
        id: moduleId,
        project_id: projectId,
        name: 'Data import',
        path: 'data-import',
        folder: 'DataImport',
        roles: JSON.stringify(curators.map((r) => r.id)),
        features: '[]',
        position: Math.max(-1, ...own.map((m) => m.position)) + 1,
      })
      .execute();
    for (const role of curators) {
      const tree = JSON.parse(role.menu_tree) as unknown[];
      await db
        .updateTable('roles')
        .set({ menu_tree: JSON.stringify([...tree, { module: moduleId, path: 'data-import' }]) })
        .where('id', '=', role.id)
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const added: Array<{ id: string }> = await db
    .selectFrom('modules')
    .select('id')
    .where('folder', '=', 'DataImport')
    .execute();
  const ids = new Set(added.map((m) => m.id));
  const roles: RoleRow[] = await db.selectFrom('roles').select(['id', 'project_id', 'name', 'menu_tree']).execute();
  for (const role of roles) {
    const tree = JSON.parse(role.menu_tree) as Array<{ module?: string }>;
    const kept = tree.filter((item) => !ids.has(item.module ?? ''));
    if (kept.length !== tree.length) {
      await db
        .updateTable('roles')
        .set({ menu_tree: JSON.stringify(kept) })
        .where('id', '=', role.id)
        .execute();
    }
  }
  await db.deleteFrom('modules').where('folder', '=', 'DataImport').execute();
}

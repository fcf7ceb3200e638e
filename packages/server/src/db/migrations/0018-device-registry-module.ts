import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';

// Frozen in time: later changes go in new migrations. Instrument administration (issue 31) is a module
// of its own, `DeviceRegistry` at `devices`; the demo seed gives it to new projects. Projects made before
// get it here, for every role (writes stay with Administrators and Managers, whom the server checks),
// at the end of each role's menu.

interface ModuleRow {
  project_id: string;
  folder: string;
  position: number;
}
interface RoleRow {
  id: string;
  project_id: string;
  menu_tree: string;
}

export async function up(db: Kysely<any>): Promise<void> {
  const modules: ModuleRow[] = await db.selectFrom('modules').select(['project_id', 'folder', 'position']).execute();
  const roles: RoleRow[] = await db.selectFrom('roles').select(['id', 'project_id', 'menu_tree']).execute();
  const projects: Array<{ id: string }> = await db.selectFrom('projects').select('id').execute();
  for (const { id: projectId } of projects) {
    const own = modules.filter((m) => m.project_id === projectId);
    if (own.some((m) => m.folder === 'DeviceRegistry')) continue;
    const projectRoles = roles.filter((r) => r.project_id === projectId);
    const moduleId = randomUUID();
    await db
      .insertInto('modules')
      .values({
        id: moduleId,
        project_id: projectId,
        name: 'Device registry',
        path: 'devices',
        folder: 'DeviceRegistry',
        roles: JSON.stringify(projectRoles.map((r) => r.id)),
        features: '[]',
        position: Math.max(-1, ...own.map((m) => m.position)) + 1,
      })
      .execute();
    for (const role of projectRoles) {
      const tree = JSON.parse(role.menu_tree) as unknown[];
      await db
        .updateTable('roles')
        .set({ menu_tree: JSON.stringify([...tree, { module: moduleId, path: 'devices' }]) })
        .where('id', '=', role.id)
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const added: Array<{ id: string }> = await db
    .selectFrom('modules')
    .select('id')
    .where('folder', '=', 'DeviceRegistry')
    .execute();
  const ids = new Set(added.map((m) => m.id));
  const roles: RoleRow[] = await db.selectFrom('roles').select(['id', 'project_id', 'menu_tree']).execute();
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
  await db.deleteFrom('modules').where('folder', '=', 'DeviceRegistry').execute();
}

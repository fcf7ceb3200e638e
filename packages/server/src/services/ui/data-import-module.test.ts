import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrator } from '../../db/migrate.ts';
import { fromJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Projects made before logger file imports get their module, for administrators and managers only (migration 0019). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function importModules() {
  return t.db.selectFrom('modules').selectAll().where('folder', '=', 'DataImport').execute();
}

describe('migration 0019-data-import-module', () => {
  it('adds the module once to every project that lacks it, last in the menus of administrators and managers only', async () => {
    const step = await (await migrator(t.db)).migrateTo('0018-device-registry-module');
    expect(step.results?.map((r) => [r.migrationName, r.status])).toContainEqual([
      '0019-data-import-module',
      'Success',
    ]);
    expect(await importModules()).toEqual([]);

    // up to 0019 only: a later migration adds its own module at the end of the menus
    await (await migrator(t.db)).migrateTo('0019-data-import-module');
    const modules = await importModules();
    const projects = await t.db.selectFrom('projects').select('id').execute();
    expect(modules.map((m) => m.project_id).sort()).toEqual(projects.map((p) => p.id).sort());
    const roles = await t.db.selectFrom('roles').select(['id', 'name', 'project_id', 'menu_tree']).execute();
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) {
      const module = modules.find((m) => m.project_id === role.project_id)!;
      const menu = fromJson<Array<{ module: string; path: string }>>(role.menu_tree, []);
      if (role.name === 'Administrator' || role.name === 'Manager') {
        expect(fromJson<string[]>(module.roles, [])).toContain(role.id);
        expect(menu.at(-1)).toEqual({ module: module.id, path: 'data-import' });
      } else {
        expect(fromJson<string[]>(module.roles, [])).not.toContain(role.id);
        expect(menu.map((i) => i.path)).not.toContain('data-import');
      }
    }
    // run again on a project that has it: nothing added twice
    await (await migrator(t.db)).migrateTo('0018-device-registry-module');
    await migrateToLatest(t.db);
    expect(await importModules()).toHaveLength(projects.length);
  });
});

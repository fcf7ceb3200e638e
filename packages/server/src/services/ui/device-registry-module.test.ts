import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrator } from '../../db/migrate.ts';
import { fromJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Projects made before instrument administration get its module, in every role's menu (migration 0018). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function registryModules() {
  return t.db.selectFrom('modules').selectAll().where('folder', '=', 'DeviceRegistry').execute();
}

describe('migration 0018-device-registry-module', () => {
  it('adds the module once to every project that lacks it, last in each role’s menu', async () => {
    const step = await (await migrator(t.db)).migrateTo('0017-ingest-keys-and-imports');
    expect(step.results?.map((r) => [r.migrationName, r.status])).toContainEqual([
      '0018-device-registry-module',
      'Success',
    ]);
    expect(await registryModules()).toEqual([]);
    const roles = await t.db.selectFrom('roles').select(['id', 'project_id', 'menu_tree']).execute();
    for (const role of roles) {
      expect(fromJson<Array<{ path: string }>>(role.menu_tree, []).map((i) => i.path)).not.toContain('devices');
    }

    // up to 0018 only: a later migration adds its own module at the end of the menus
    await (await migrator(t.db)).migrateTo('0018-device-registry-module');
    const modules = await registryModules();
    const projects = await t.db.selectFrom('projects').select('id').execute();
    expect(modules.map((m) => m.project_id).sort()).toEqual(projects.map((p) => p.id).sort());
    for (const role of await t.db.selectFrom('roles').select(['id', 'project_id', 'menu_tree']).execute()) {
      const module = modules.find((m) => m.project_id === role.project_id)!;
      expect(fromJson<string[]>(module.roles, [])).toContain(role.id);
      expect(fromJson<Array<{ module: string; path: string }>>(role.menu_tree, []).at(-1)).toEqual({
        module: module.id,
        path: 'devices',
      });
    }
    // run again on a project that has it: nothing added twice
    await (await migrator(t.db)).migrateTo('0017-ingest-keys-and-imports');
    await migrateToLatest(t.db);
    expect(await registryModules()).toHaveLength(projects.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrator } from '../../db/migrate.ts';
import { fromJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Projects made before monitoring reports get their module, for every role (migration 0029). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function reportModules() {
  return t.db.selectFrom('modules').selectAll().where('folder', '=', 'Reports').execute();
}

describe('migration 0029-reports-module', () => {
  it('is given by the demo seed to new projects, for every role', async () => {
    const seeded = await t.db
      .selectFrom('modules')
      .select(['project_id', 'roles'])
      .where('path', '=', 'reports')
      .execute();
    const projects = await t.db.selectFrom('projects').select('id').execute();
    expect(seeded).toHaveLength(projects.length);
    for (const module of seeded) {
      const roles = await t.db.selectFrom('roles').select('id').where('project_id', '=', module.project_id).execute();
      expect(fromJson<string[]>(module.roles, []).sort()).toEqual(roles.map((r) => r.id).sort());
    }
  });

  it('adds the module once to every project that lacks it, last in every role’s menu', async () => {
    const step = await (await migrator(t.db)).migrateTo('0028-reports');
    expect(step.results?.map((r) => [r.migrationName, r.status])).toContainEqual(['0029-reports-module', 'Success']);
    expect(await reportModules()).toEqual([]);

    await (await migrator(t.db)).migrateTo('0029-reports-module');
    const modules = await reportModules();
    const projects = await t.db.selectFrom('projects').select('id').execute();
    expect(modules.map((m) => m.project_id).sort()).toEqual(projects.map((p) => p.id).sort());
    expect(modules.every((m) => m.path === 'reports')).toBe(true);
    const roles = await t.db.selectFrom('roles').select(['id', 'name', 'project_id', 'menu_tree']).execute();
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) {
      const module = modules.find((m) => m.project_id === role.project_id)!;
      expect(fromJson<string[]>(module.roles, [])).toContain(role.id);
      expect(fromJson<Array<{ module: string; path: string }>>(role.menu_tree, []).at(-1)).toEqual({
        module: module.id,
        path: 'reports',
      });
    }
    // run again on a project that has it: nothing added twice
    await (await migrator(t.db)).migrateTo('0028-reports');
    await migrateToLatest(t.db);
    expect(await reportModules()).toHaveLength(projects.length);
  });
});

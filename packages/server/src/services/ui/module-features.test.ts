import { MESSAGES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJson, toJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, demoIds } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
});
afterAll(() => t.close());

const features = async (username: string, path: string) => {
  const id = await demoIds(t).module(cerro, path);
  return t.call('GET', `/ui/api/v1/modules/${id}/features`, { token: await t.login(username) });
};
const byName = (list: any[]) => Object.fromEntries(list.map((f) => [f.name, f]));

describe('GET /ui/api/v1/modules/{id}/features', () => {
  it('makes a role-scoped feature active for the administrator and inactive for an operator', async () => {
    const admin = byName((await features('admin', 'file-manager')).body);
    const operator = byName((await features('operator', 'file-manager')).body);
    expect(admin.delete).toEqual({ name: 'delete', enabled: true, scope: 'role', active: true });
    expect(operator.delete).toEqual({ name: 'delete', enabled: true, scope: 'role', active: false });
  });

  it('keeps project-scoped features active for every role', async () => {
    const res = await features('operator', 'metrics');
    expect(res.status).toBe(200);
    expect(byName(res.body).export).toEqual({ name: 'export', enabled: true, scope: 'project', active: true });
  });

  it('ignores basePermissions', async () => {
    const names = (await features('admin', 'metrics')).body.map((f: any) => f.name);
    expect(names).toEqual(['export', 'compare']);
  });

  it('lets the project’s attrs.features override the feature configuration', async () => {
    // The demo attrs make FileManager "tag" role-scoped; the configuration alone would give it to all.
    expect(byName((await features('operator', 'file-manager')).body).tag).toMatchObject({
      scope: 'role',
      active: false,
    });
    expect(byName((await features('manager', 'file-manager')).body).tag).toMatchObject({ scope: 'role', active: true });
    const row = await t.db.selectFrom('projects').select('attrs').where('id', '=', cerro).executeTakeFirstOrThrow();
    const attrs = fromJson<any>(row.attrs, {});
    attrs.features.DataEntry = { bulkImport: { enabled: true } };
    await t.db
      .updateTable('projects')
      .set({ attrs: toJson(attrs) })
      .where('id', '=', cerro)
      .execute();
    expect(byName((await features('operator', 'data-entry')).body).bulkImport).toMatchObject({
      enabled: true,
      active: true,
    });
  });

  it('answers "Module Not Found" for a module the user cannot see', async () => {
    const res = await features('operator', 'roles');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.moduleNotFound);
  });
});

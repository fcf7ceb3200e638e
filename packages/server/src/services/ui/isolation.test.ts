import { MESSAGES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { addMember, CERRO, demoIds, EXTRA_PASSWORD, OUSE } from './test-fixtures.ts';

/** A member of Ouse only: nothing of Cerro Azul may be read or changed, whatever ids he sends. */
let t: TestApp;
let token: string;
let cerro: string;
let ouse: string;
let cerroRoles: Record<string, string>;
let snapshot: () => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  ouse = await demoIds(t).project(OUSE);
  cerroRoles = await demoIds(t).roles(cerro);
  await addMember(t, 'ouse-admin', [{ projectId: ouse, roleIds: [(await demoIds(t).roles(ouse)).Administrator!] }]);
  token = await t.login('ouse-admin', EXTRA_PASSWORD);
  snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        ...(['roles', 'modules', 'user_profiles'] as const).map((table) =>
          t.db.selectFrom(table).selectAll().where('project_id', '=', cerro).orderBy('id').execute(),
        ),
        // the demo's dashboards included
        t.db
          .selectFrom('project_module_data')
          .selectAll()
          .where('project_id', '=', cerro)
          .orderBy('module_id')
          .execute(),
      ]),
    );
});
afterAll(() => t.close());

describe('a member of another project', () => {
  it('reads nothing of Cerro Azul', async () => {
    const profile = await demoIds(t).profileId(cerro, 'admin');
    const metrics = await demoIds(t).module(cerro, 'metrics');
    for (const path of [
      `projects/${cerro}`,
      `projects/${cerro}/roles`,
      `projects/${cerro}/user-profiles/`,
      `projects/${cerro}/user-profiles/${profile}`,
      `projects/${cerro}/modules/${metrics}`,
      `projects/${cerro}/user-profiles/${profile}/module-data/${metrics}`,
    ]) {
      const res = await t.call('GET', `/ui/api/v1/${path}`, { token });
      expect(res.status, path).toBe(404);
      expect(res.body.error_type).toBe('NotFound');
    }
  });

  it('changes nothing of Cerro Azul', async () => {
    const before = await snapshot();
    const profile = await demoIds(t).profileId(cerro, 'operator');
    const metrics = await demoIds(t).module(cerro, 'metrics');
    const attempts: Array<[string, string, unknown]> = [
      ['PATCH', `projects/${cerro}/roles/${cerroRoles.Operator}`, { tileMenu: 'side-menu' }],
      ['PATCH', `projects/${cerro}/user-profiles/${profile}`, { is_active: false }],
      ['PUT', `projects/${cerro}/modules/${metrics}`, { action: 'persist', data: { x: 1 } }],
      ['PUT', `projects/${cerro}/user-profiles/${profile}/module-data/${metrics}`, { data: { x: 1 } }],
      ['PATCH', `modules/${metrics}`, { roles: [cerroRoles.Administrator] }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.call(method, `/ui/api/v1/${path}`, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it('is refused ids of another project’s roles and modules in his own project', async () => {
    const ownModule = await demoIds(t).module(ouse, 'file-manager');
    const roleRes = await t.call('PATCH', `/ui/api/v1/modules/${ownModule}`, {
      token,
      body: { roles: [(await demoIds(t).roles(ouse)).Administrator, cerroRoles.Manager] },
    });
    expect(roleRes.status).toBe(400);
    const foreignModule = await demoIds(t).module(cerro, 'file-manager');
    for (const path of [
      `modules/${foreignModule}`,
      `modules/${foreignModule}/features`,
      `projects/${ouse}/modules/${foreignModule}`,
    ]) {
      const res = await t.call('GET', `/ui/api/v1/${path}`, { token });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(MESSAGES.moduleNotFound);
    }
    const me = await demoIds(t).profileId(ouse, 'ouse-admin');
    const ownData = await t.call(
      'PUT',
      `/ui/api/v1/projects/${ouse}/user-profiles/${me}/module-data/${foreignModule}`,
      {
        token,
        body: { data: { x: 1 } },
      },
    );
    expect(ownData.status).toBe(404);
  });

  it('sees only his own project in the project list', async () => {
    const res = await t.call('GET', '/ui/api/v1/projects', { token });
    expect(res.body.objects.map((p: any) => p.id)).toEqual([ouse]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { insertUser } from '../test-support/users.ts';

/**
 * An administrator of one project must neither read nor change anything of another project,
 * whatever route and id he tries (requirements#http-contract: every call is scoped to the session's project).
 */
let t: TestApp;
let token: string;
let cerro: { projectId: string; ids: string[]; userId: string; snapshot: () => Promise<string> };
let routes: Array<{ method: string; path: string }>;

async function addUser(username: string, projectId: string, roleName: string) {
  const role = await t.db
    .selectFrom('roles')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', roleName)
    .executeTakeFirstOrThrow();
  return insertUser(t, username, { password: 'isolation-1', memberships: [{ projectId, roleIds: [role.id] }] });
}

beforeAll(async () => {
  t = await createTestApp();
  const projects = await t.db.selectFrom('projects').select(['id', 'slug']).execute();
  const cerroId = projects.find((p) => p.slug === 'cerro-azul')!.id;
  const ouseId = projects.find((p) => p.slug === 'ouse-embankment')!.id;
  await addUser('ouse-admin', ouseId, 'Administrator');
  const cerroUser = await addUser('cerro-only', cerroId, 'Operator');
  const idsOf = async (table: 'roles' | 'modules' | 'user_profiles' | 'responder_types') =>
    (await t.db.selectFrom(table).select('id').where('project_id', '=', cerroId).execute()).map((r) => r.id);
  const ids = [
    cerroId,
    cerroUser,
    ...(await idsOf('roles')),
    ...(await idsOf('modules')),
    ...(await idsOf('user_profiles')),
  ];
  const snapshot = async () =>
    JSON.stringify([
      await t.db.selectFrom('users').selectAll().where('id', '=', cerroUser).execute(),
      await t.db.selectFrom('user_profiles').selectAll().where('project_id', '=', cerroId).orderBy('id').execute(),
      await t.db.selectFrom('roles').selectAll().where('project_id', '=', cerroId).orderBy('id').execute(),
      await t.db.selectFrom('modules').selectAll().where('project_id', '=', cerroId).orderBy('id').execute(),
      await t.db.selectFrom('project_module_data').selectAll().where('project_id', '=', cerroId).execute(),
    ]);
  cerro = { projectId: cerroId, ids, userId: cerroUser, snapshot };
  token = await t.login('ouse-admin', 'isolation-1');
  const doc = (await t.call('GET', '/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

describe('project isolation', () => {
  it('refuses to switch the session to a project the user is not a member of', async () => {
    const res = await t.call('POST', '/auth/api/v1/users/switch-data-context', {
      token,
      body: { data_context: cerro.projectId },
    });
    expect(res.status).toBe(403);
  });

  it('lists only the projects of the user', async () => {
    const res = await t.call('GET', '/ui/api/v1/projects?paginate_by=100&page=1', { token });
    expect(res.status).toBe(200);
    expect(res.body.objects.map((p: { name: string }) => p.name)).toEqual(['Ouse Flood Embankment']);
  });

  it('gives no 2xx for any route called with another project’s ids, and changes nothing there', async () => {
    const before = await cerro.snapshot();
    const bodies = [{}, { data: { x: 1 } }, { roles: [] }, { first_name: 'Hacked' }, { profile: { locale: 'ja' } }];
    let tried = 0;
    for (const route of routes.filter((r) => r.path.includes('{'))) {
      const params = route.path.match(/\{[^}]+\}/g)!;
      const combos = cerro.ids.map((id) => params.map((_, i) => (i === 0 && params.length > 1 ? cerro.projectId : id)));
      for (const combo of combos) {
        let url = route.path;
        for (const value of combo) url = url.replace(/\{[^}]+\}/, value);
        for (const body of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : bodies) {
          const res = await t.call(route.method, url, { token, body });
          tried += 1;
          expect(
            res.status,
            `${route.method} ${url} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`,
          ).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        }
      }
    }
    expect(tried).toBeGreaterThan(50);
    expect(await cerro.snapshot()).toBe(before);
  }, 120_000);
});

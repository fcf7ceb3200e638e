import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, CERRO, OUSE, projectId, seedUser, userId } from './test-helpers.ts';

let t: TestApp;
let admin: string;
let cerroOnly: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const created = await t.call('POST', `${API}/users`, {
    token: admin,
    body: { username: 'cerro-only', email: 'cerro-only@vigil.test', first_name: 'Zé', last_name: 'Costa' },
  });
  cerroOnly = created.body.id;
});
afterAll(() => t.close());

const names = (body: { objects: Array<{ username: string }> }) => body.objects.map((u) => u.username);

describe('listing users', () => {
  it('names to a manager of one project only the projects he shares with each user', async () => {
    const both = await seedUser(t, 'in-both', { projects: [CERRO, OUSE] });
    await seedUser(t, 'ouse-manager', { projects: [OUSE], role: 'Manager' });
    const token = await t.login('ouse-manager', 'seeded-pass');
    const res = await t.call('GET', `${API}/users?paginate_by=100`, { token });
    expect(res.status).toBe(200);
    const listed = res.body.objects.find((u: { id: string }) => u.id === both);
    expect(listed.projects).toEqual([await projectId(t, OUSE)]);
    expect(JSON.stringify(res.body)).not.toContain(await projectId(t, CERRO));
    const one = await t.call('GET', `${API}/users/${both}`, { token });
    expect(one.body.projects).toEqual([await projectId(t, OUSE)]);
    await t.db.deleteFrom('user_profiles').where('user_id', 'in', [both]).execute();
    await t.db.deleteFrom('users').where('username', 'in', ['in-both', 'ouse-manager']).execute();
  });

  it('lists the users of the current project in the list shape, by username', async () => {
    const res = await t.call('GET', `${API}/users/`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 4, page: 1, paginate_by: 100 });
    expect(names(res.body)).toEqual(['admin', 'cerro-only', 'manager', 'operator']);
    expect(res.body.objects[0]).not.toHaveProperty('password_hash');
    expect(res.body.objects[0].roles).toEqual([{ id: expect.any(String), name: 'Administrator' }]);
  });

  it('pages, orders, filters and selects fields', async () => {
    const page = await t.call(
      'GET',
      `${API}/users?paginate_by=2&page=2&ordering=-username&fields=username,roles.name`,
      { token: admin },
    );
    expect(page.body).toMatchObject({ count: 4, page: 2, paginate_by: 2 });
    expect(page.body.objects).toEqual([
      { username: 'cerro-only', roles: [{ name: 'Operator' }] },
      { username: 'admin', roles: [{ name: 'Administrator' }] },
    ]);
    const byEmail = await t.call('GET', `${API}/users?email=manager@example.com&fields=username`, { token: admin });
    expect(byEmail.body.objects).toEqual([{ username: 'manager' }]);
    const byDate = await t.call('GET', `${API}/users?ordering=-date_joined&paginate_by=1&fields=username`, {
      token: admin,
    });
    expect(byDate.body.objects).toEqual([{ username: 'cerro-only' }]);
  });

  it('filters by is_active', async () => {
    const id = await seedUser(t, 'inactive-one');
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', id).execute();
    const inactive = await t.call('GET', `${API}/users?is_active=false&fields=username,is_active`, { token: admin });
    expect(inactive.body.objects).toEqual([{ username: 'inactive-one', is_active: false }]);
    const active = await t.call('GET', `${API}/users?is_active=true`, { token: admin });
    expect(active.body.count).toBe(4);
    const bad = await t.call('GET', `${API}/users?is_active=maybe&is_active=constructor`, { token: admin });
    expect(bad).toMatchObject({
      status: 400,
      body: { error_type: 'ValidationError', details: { is_active: ['Use true or false'] } },
    });
  });

  it('refuses an unknown filter or ordering with a ValidationError', async () => {
    expect((await t.call('GET', `${API}/users?password_hash=x`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', `${API}/users?ordering=password_hash`, { token: admin })).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', `${API}/users`)).status).toBe(401);
  });
});

describe('reading one user', () => {
  it('lets an operator read himself with his current-project profile and projects', async () => {
    const token = await t.login('operator');
    const me = await userId(t, 'operator');
    const res = await t.call('GET', `${API}/users/${me}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: me,
      username: 'operator',
      name: 'Tomás Silva',
      is_active: true,
      is_password_set: true,
      default_responder_type: { id: expect.any(String), title: 'Control room operator' },
      profile: { locale: 'en-US', activeRole: expect.any(String), home_module: null },
    });
    expect(res.body.projects).toEqual([await projectId(t, CERRO), await projectId(t, OUSE)]);
    expect(typeof res.body.last_login).toBe('string');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.call('GET', `${API}/users/no-such-user`, { token: admin });
    expect(res).toMatchObject({ status: 404, body: { error_type: 'NotFound' } });
  });
});

describe('project isolation', () => {
  let ouseAdmin: string;
  beforeAll(async () => {
    await seedUser(t, 'ouse-admin', { projects: [OUSE], role: 'Administrator' });
    ouseAdmin = await t.login('ouse-admin', 'seeded-pass');
  });

  it("keeps a user of one project out of another project's list", async () => {
    const res = await t.call('GET', `${API}/users?fields=username`, { token: ouseAdmin });
    expect(names(res.body)).toEqual(['admin', 'manager', 'operator', 'ouse-admin']);
  });

  it('answers 404 to every read or change of a user of another project', async () => {
    const calls: Array<[string, string, object?]> = [
      ['GET', `${API}/users/${cerroOnly}`],
      ['PATCH', `${API}/users/${cerroOnly}`, { first_name: 'Changed' }],
      ['POST', `${API}/users/${cerroOnly}/deactivate`],
      ['POST', `${API}/users/${cerroOnly}/activate`],
      ['POST', `${API}/users/${cerroOnly}/invite`],
      ['DELETE', `${API}/users/${cerroOnly}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { token: ouseAdmin, ...(body && { body }) });
      expect(res, `${method} ${url}`).toMatchObject({ status: 404, body: { error_type: 'NotFound' } });
    }
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'is_active'])
      .where('id', '=', cerroOnly)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Zé', is_active: 1 });
  });

  it('answers 404 to an administrator of both projects while Ouse is his current project', async () => {
    const token = await t.login('admin');
    await t.call('POST', `${API}/users/switch-data-context`, {
      token,
      body: { data_context: await projectId(t, OUSE) },
    });
    expect((await t.call('GET', `${API}/users/${cerroOnly}`, { token })).status).toBe(404);
    expect((await t.call('GET', `${API}/users/${cerroOnly}`, { token: admin })).status).toBe(200);
  });
});

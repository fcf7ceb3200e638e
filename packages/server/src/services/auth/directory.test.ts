import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { VERSION } from '../../version.ts';
import { API } from './test-helpers.ts';

let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

describe('permission groups', () => {
  it('lists every permission group to any signed-in user', async () => {
    const res = await t.call('GET', `${API}/permission-groups/`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 7, page: 1, paginate_by: 100 });
    expect(res.body.objects[0]).toEqual({
      id: expect.any(String),
      name: 'Data entry',
      description: 'Enter manual readings and manage data sessions',
      permissions: ['add_manual_reading', 'manage_data_sessions'],
    });
  });

  it('filters by name and selects fields', async () => {
    const res = await t.call('GET', `${API}/permission-groups?name=Journal%20editors&fields=name`, { token: operator });
    expect(res.body).toMatchObject({ count: 1, objects: [{ name: 'Journal editors' }] });
  });

  it('needs a session', async () => {
    expect((await t.call('GET', `${API}/permission-groups`)).status).toBe(401);
  });
});

describe('accounts', () => {
  it('shows the caller his own account', async () => {
    const account = await t.db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow();
    const res = await t.call('GET', `${API}/accounts/${account.id}`, { token: operator });
    expect(res).toMatchObject({
      status: 200,
      body: { id: account.id, name: account.name, created_at: account.created_at },
    });
  });

  it('answers 404 for any other account', async () => {
    const other = newId();
    await t.db.insertInto('accounts').values({ id: other, name: 'Another company', created_at: nowIso() }).execute();
    const res = await t.call('GET', `${API}/accounts/${other}`, { token: operator });
    expect(res).toMatchObject({ status: 404, body: { error_type: 'NotFound' } });
  });
});

describe('microservices', () => {
  it('lists name, title and version of each running service', async () => {
    const res = await t.call('GET', `${API}/microservices/?fields=name,title,version`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(t.app.config.SERVICES.length);
    expect(res.body.objects).toContainEqual({ name: 'auth', title: 'Authentication', version: VERSION });
    expect(res.body.objects).toContainEqual({ name: 'device-registry', title: 'Device registry', version: VERSION });
  });

  it('honours fields', async () => {
    const res = await t.call('GET', `${API}/microservices?fields=name`, { token: operator });
    expect(res.body.objects.every((s: object) => Object.keys(s).join() === 'name')).toBe(true);
  });

  it('reports only the services this instance runs', async () => {
    const alone = await createTestApp({ env: { SERVICES: 'auth' } });
    try {
      const token = await alone.login('operator');
      const res = await alone.call('GET', `${API}/microservices`, { token });
      expect(res.body).toEqual({
        count: 1,
        page: 1,
        paginate_by: 100,
        objects: [{ name: 'auth', title: 'Authentication', version: VERSION }],
      });
    } finally {
      await alone.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { addMember, CERRO, demoIds, EXTRA_PASSWORD, OUSE } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
let roles: Record<string, string>;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  roles = await demoIds(t).roles(cerro);
  url = `/ui/api/v1/projects/${cerro}/user-profiles`;
});
afterAll(() => t.close());

const responderId = async (projectId: string, title: string) =>
  (
    await t.db
      .selectFrom('responder_types')
      .select('id')
      .where('project_id', '=', projectId)
      .where('title', '=', title)
      .executeTakeFirstOrThrow()
  ).id;

describe('PATCH own profile settings', () => {
  it('changes the preferred language and keeps the other settings', async () => {
    const token = await t.login('operator');
    const me = await demoIds(t).userId('operator');
    const res = await t.call('PATCH', `${url}/${me}`, { token, body: { profile: { locale: 'pt-BR' } } });
    expect(res.status).toBe(200);
    expect(res.body.profile).toEqual({ locale: 'pt-BR', home_module: null, activeRole: roles.Operator });
    expect((await t.call('GET', `${url}/${me}`, { token })).body.profile.locale).toBe('pt-BR');
  });

  it('refuses a language that is not offered', async () => {
    const res = await t.call('PATCH', `${url}/${await demoIds(t).userId('operator')}`, {
      token: await t.login('operator'),
      body: { profile: { locale: 'xx-XX' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty(['profile.locale']);
  });

  it('sets a home module the user can open, and refuses one he cannot', async () => {
    const token = await t.login('operator');
    const me = await demoIds(t).userId('operator');
    const ok = await t.call('PATCH', `${url}/${me}`, { token, body: { profile: { home_module: 'metrics' } } });
    expect(ok.body.profile.home_module).toBe('metrics');
    const refused = await t.call('PATCH', `${url}/${me}`, { token, body: { profile: { home_module: 'roles' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.details['profile.home_module']).toHaveLength(1);
  });

  it('switches the active role only to one of the user’s roles', async () => {
    const userId = await addMember(t, 'two-hats', [{ projectId: cerro, roleIds: [roles.Operator!, roles.Manager!] }]);
    const token = await t.login('two-hats', EXTRA_PASSWORD);
    const ok = await t.call('PATCH', `${url}/${userId}`, { token, body: { profile: { activeRole: roles.Manager } } });
    expect(ok.body.profile.activeRole).toBe(roles.Manager);
    const refused = await t.call('PATCH', `${url}/${userId}`, {
      token,
      body: { profile: { activeRole: roles.Administrator } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details['profile.activeRole']).toHaveLength(1);
  });

  it('sets the default responder type to one of the project', async () => {
    const token = await t.login('operator');
    const me = await demoIds(t).userId('operator');
    const id = await responderId(cerro, 'Emergency coordinator');
    const ok = await t.call('PATCH', `${url}/${me}`, { token, body: { default_responder_type: id } });
    expect(ok.body.default_responder_type).toEqual({ id, title: 'Emergency coordinator' });
    const foreign = await responderId(await demoIds(t).project(OUSE), 'Emergency coordinator');
    const refused = await t.call('PATCH', `${url}/${me}`, { token, body: { default_responder_type: foreign } });
    expect(refused.status).toBe(400);
    expect(refused.body.details.default_responder_type).toHaveLength(1);
  });

  it('refuses unknown fields', async () => {
    const res = await t.call('PATCH', `${url}/${await demoIds(t).userId('operator')}`, {
      token: await t.login('operator'),
      body: { username: 'root' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ username: ['Unknown field'] });
  });

  it('does not let an administrator change another user’s language', async () => {
    const res = await t.call('PATCH', `${url}/${await demoIds(t).userId('operator')}`, {
      token: await t.login('admin'),
      body: { profile: { locale: 'ja' } },
    });
    expect(res.status).toBe(403);
  });
});

describe('permission set', () => {
  it('is the union of the permission groups of all the user’s roles, each once', async () => {
    const userId = await addMember(t, 'union-user', [{ projectId: cerro, roleIds: [roles.Operator!, roles.Manager!] }]);
    const res = await t.call('GET', `${url}/${userId}`, { token: await t.login('union-user', EXTRA_PASSWORD) });
    const names = res.body.permission_set.permission_groups.map((g: any) => g.name);
    expect(names.sort()).toEqual([
      'Data entry',
      'Journal editors',
      'Media managers',
      'Monitoring viewers',
      'User administrators',
    ]);
    expect(res.body.roles.map((r: any) => r.name)).toEqual(['Operator', 'Manager']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { addMember, CERRO, demoIds, OUSE } from './test-fixtures.ts';

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

describe('GET /ui/api/v1/projects/{id}/user-profiles/', () => {
  it('shows administrators and managers every profile of the project, by username', async () => {
    for (const username of ['admin', 'manager']) {
      const res = await t.call('GET', `${url}/?paginate_by=100&page=1`, { token: await t.login(username) });
      expect(res.status).toBe(200);
      expect(res.body.objects.map((p: any) => p.username)).toEqual(['admin', 'manager', 'operator']);
    }
  });

  it('shows an operator only his own profile', async () => {
    const res = await t.call('GET', `${url}/`, { token: await t.login('operator') });
    expect(res.body.count).toBe(1);
    expect(res.body.objects.map((p: any) => p.username)).toEqual(['operator']);
  });

  it('finds a user by username with only the fields asked for', async () => {
    const res = await t.call('GET', `${url}/?username=admin&fields=id,username`, { token: await t.login('manager') });
    expect(res.body.objects).toEqual([{ id: await demoIds(t).profileId(cerro, 'admin'), username: 'admin' }]);
  });

  it('presents a profile with roles, responder type, settings and permission set', async () => {
    const res = await t.call('GET', `${url}/?username=operator`, { token: await t.login('operator') });
    const profile = res.body.objects[0];
    expect(profile).toMatchObject({
      id: await demoIds(t).profileId(cerro, 'operator'),
      user_id: await demoIds(t).userId('operator'),
      username: 'operator',
      email: 'operator@example.com',
      roles: [{ id: roles.Operator, name: 'Operator' }],
      is_active: true,
      default_responder_type: { id: expect.any(String), title: 'Control room operator' },
      profile: { home_module: null, activeRole: roles.Operator, locale: 'en-US' },
    });
    expect(profile.permission_set.permission_groups.map((g: any) => g.name)).toEqual([
      'Monitoring viewers',
      'Data entry',
      'Journal editors',
    ]);
    expect(profile.permission_set.permission_groups[0].permissions).toContain('view_metrics');
  });

  it('filters by is_active', async () => {
    const admin = await t.login('admin');
    const userId = await addMember(t, 'dormant', [{ projectId: cerro, roleIds: [roles.Operator!] }]);
    await t.db.updateTable('user_profiles').set({ is_active: 0 }).where('user_id', '=', userId).execute();
    const active = await t.call('GET', `${url}/?is_active=true`, { token: admin });
    const inactive = await t.call('GET', `${url}/?is_active=false`, { token: admin });
    expect(active.body.objects.map((p: any) => p.username)).toEqual(['admin', 'manager', 'operator']);
    expect(inactive.body.objects.map((p: any) => [p.username, p.is_active])).toEqual([['dormant', false]]);
    expect((await t.call('GET', `${url}/?is_active=maybe`, { token: admin })).status).toBe(400);
  });
});

describe('GET /ui/api/v1/projects/{id}/user-profiles/{key}', () => {
  it('finds a profile by user id or by profile id', async () => {
    const token = await t.login('operator');
    const byUser = await t.call('GET', `${url}/${await demoIds(t).userId('operator')}`, { token });
    const byProfile = await t.call('GET', `${url}/${await demoIds(t).profileId(cerro, 'operator')}`, { token });
    expect(byUser.status).toBe(200);
    expect(byProfile.body).toEqual(byUser.body);
  });

  it('lets a manager read another profile but not an operator', async () => {
    const adminId = await demoIds(t).userId('admin');
    expect((await t.call('GET', `${url}/${adminId}`, { token: await t.login('manager') })).status).toBe(200);
    const res = await t.call('GET', `${url}/${adminId}`, { token: await t.login('operator') });
    expect(res.status).toBe(404);
    expect(res.body.error_type).toBe('NotFound');
  });

  it('does not find a profile of another project through this project', async () => {
    const ouseProfile = await demoIds(t).profileId(await demoIds(t).project(OUSE), 'operator');
    expect((await t.call('GET', `${url}/${ouseProfile}`, { token: await t.login('admin') })).status).toBe(404);
  });
});

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

let serial = 0;
const member = (...roleNames: string[]) =>
  addMember(t, `target-${++serial}`, [{ projectId: cerro, roleIds: roleNames.map((n) => roles[n]!) }]);
const storedRoles = async (userId: string) =>
  (await t.db.selectFrom('user_profiles').select('roles').where('user_id', '=', userId).executeTakeFirstOrThrow())
    .roles;
const patch = async (username: string, userId: string, body: unknown) =>
  t.call('PATCH', `${url}/${userId}`, { token: await t.login(username), body });

describe('who may change whose roles (requirements#roles-permissions)', () => {
  it('lets an administrator give an operator the Manager role; the active role follows', async () => {
    const target = await member('Operator');
    const res = await patch('admin', target, { roles: [roles.Manager] });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual([{ id: roles.Manager, name: 'Manager' }]);
    expect(res.body.profile.activeRole).toBe(roles.Manager);
    expect(res.body.permission_set.permission_groups.map((g: any) => g.name)).toContain('User administrators');
  });

  it('lets a manager give Operator, but not Manager', async () => {
    const target = await member('Operator');
    const before = await storedRoles(target);
    const refused = await patch('manager', target, { roles: [roles.Manager] });
    expect(refused.status).toBe(403);
    expect(refused.body.error_type).toBe('Forbidden');
    expect(await storedRoles(target)).toBe(before);

    const roleless = await member();
    const given = await patch('manager', roleless, { roles: [roles.Operator] });
    expect(given.status).toBe(200);
    expect(given.body.roles).toEqual([{ id: roles.Operator, name: 'Operator' }]);
  });

  it('does not let a manager change the roles of a manager or an administrator', async () => {
    const target = await member('Manager');
    expect((await patch('manager', target, { roles: [roles.Operator] })).status).toBe(403);
    expect((await patch('manager', await demoIds(t).userId('admin'), { roles: [roles.Operator] })).status).toBe(403);
  });

  it('does not let an administrator change another administrator’s roles', async () => {
    const target = await member('Administrator');
    expect((await patch('admin', target, { roles: [roles.Operator] })).status).toBe(403);
  });

  it('gives an operator no way to change anyone’s roles', async () => {
    const target = await member('Operator');
    const res = await patch('operator', target, { roles: [roles.Operator, roles.Manager] });
    expect(res.status).toBe(404);
    expect(await storedRoles(target)).toBe(JSON.stringify([roles.Operator]));
  });

  it('refuses anyone’s change of his own roles', async () => {
    for (const [username, role] of [
      ['admin', 'Operator'],
      ['manager', 'Operator'],
      ['operator', 'Manager'],
    ] as const) {
      const res = await patch(username, await demoIds(t).userId(username), { roles: [roles[role]] });
      expect(res.status, username).toBe(403);
    }
  });

  it('accepts his own unchanged roles as no change', async () => {
    const res = await patch('operator', await demoIds(t).userId('operator'), { roles: [roles.Operator] });
    expect(res.status).toBe(200);
  });

  it('refuses role ids that are not roles of the project', async () => {
    const target = await member('Operator');
    const ouseRoles = await demoIds(t).roles(await demoIds(t).project(OUSE));
    for (const id of ['no-such-role', ouseRoles.Manager]) {
      const res = await patch('admin', target, { roles: [id] });
      expect(res.status).toBe(400);
      expect(res.body.details.roles).toHaveLength(1);
    }
  });
});

describe('activating and deactivating a profile', () => {
  it('lets an administrator or manager deactivate an operator, who then loses the project', async () => {
    const target = await member('Operator');
    const res = await patch('manager', target, { is_active: false });
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    const token = await t.login(res.body.username, EXTRA_PASSWORD);
    expect((await t.call('GET', '/ui/api/v1/projects', { token })).body.count).toBe(0);
    expect((await t.call('GET', `${url}/${target}`, { token })).status).toBe(404);
    expect((await patch('admin', target, { is_active: true })).body.is_active).toBe(true);
  });

  it('does not let a manager deactivate an administrator, nor anyone himself', async () => {
    expect((await patch('manager', await demoIds(t).userId('admin'), { is_active: false })).status).toBe(403);
    expect((await patch('admin', await demoIds(t).userId('admin'), { is_active: false })).status).toBe(403);
  });
});

import { MESSAGES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, demoIds, OUSE } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
let roles: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  roles = await demoIds(t).roles(cerro);
});
afterAll(() => t.close());

const paths = async (username: string, query = '') => {
  const res = await t.call('GET', `/ui/api/v1/modules${query}`, { token: await t.login(username) });
  return res.body.objects.map((m: any) => m.path);
};

describe('GET /ui/api/v1/modules', () => {
  it('shows an operator the modules of his role in menu order, without users, roles and permissions', async () => {
    expect(await paths('operator')).toEqual([
      'safety-state',
      'operational-state',
      'metrics',
      'journal-manager',
      'data-entry',
      'file-manager',
      'notifications',
      'devices',
      'reports',
    ]);
  });

  it('shows a manager the users and data import modules but not roles or permissions', async () => {
    const shown = await paths('manager');
    expect(shown).toContain('users');
    expect(shown).toContain('data-import');
    expect(shown).toContain('cross-sections');
    expect(shown).not.toContain('roles');
    expect(shown).not.toContain('permissions');
  });

  it('shows an administrator the roles and permissions modules', async () => {
    expect(await paths('admin')).toEqual(expect.arrayContaining(['users', 'roles', 'permissions']));
  });

  it('presents a module with id, name, path, folder, role ids and features', async () => {
    const res = await t.call('GET', '/ui/api/v1/modules?path=users', { token: await t.login('manager') });
    expect(res.body.count).toBe(1);
    expect(res.body.objects[0]).toEqual({
      id: await demoIds(t).module(cerro, 'users'),
      name: 'Users',
      path: 'users',
      folder: 'UserManagement',
      roles: [roles.Administrator, roles.Manager],
      features: [],
    });
  });

  it('always returns the Metrics module, even when no role of the user is attached', async () => {
    const metrics = await demoIds(t).module(cerro, 'metrics');
    await t.db
      .updateTable('modules')
      .set({ roles: toJson([roles.Administrator]) })
      .where('id', '=', metrics)
      .execute();
    expect(await paths('operator', '?path=metrics')).toEqual(['metrics']);
    const one = await t.call('GET', `/ui/api/v1/modules/${metrics}`, { token: await t.login('operator') });
    expect(one.status).toBe(200);
  });

  it('lets an administrator list every module with all=true, and no one else', async () => {
    const cross = await demoIds(t).module(cerro, 'cross-sections');
    await t.db
      .updateTable('modules')
      .set({ roles: toJson([roles.Manager]) })
      .where('id', '=', cross)
      .execute();
    expect(await paths('admin')).not.toContain('cross-sections');
    const all = await paths('admin', '?all=true');
    expect(all).toHaveLength(14);
    expect(all).toContain('cross-sections');
    for (const username of ['manager', 'operator']) {
      const res = await t.call('GET', '/ui/api/v1/modules?all=true', { token: await t.login(username) });
      expect(res.status).toBe(403);
    }
  });

  it('follows the session’s project after switch-data-context', async () => {
    const token = await t.login('admin');
    const ouse = await demoIds(t).project(OUSE);
    await t.call('POST', '/auth/api/v1/users/switch-data-context', { token, body: { data_context: ouse } });
    const res = await t.call('GET', '/ui/api/v1/modules?path=metrics', { token });
    expect(res.body.objects[0].id).toBe(await demoIds(t).module(ouse, 'metrics'));
  });
});

describe('GET /ui/api/v1/modules/{id}', () => {
  it('returns a module the user can see', async () => {
    const id = await demoIds(t).module(cerro, 'users');
    const res = await t.call('GET', `/ui/api/v1/modules/${id}`, { token: await t.login('manager') });
    expect(res.status).toBe(200);
    expect(res.body.folder).toBe('UserManagement');
  });

  it('answers "Module Not Found" for a module the user cannot see, another project’s, or none', async () => {
    const token = await t.login('operator');
    const ouse = await demoIds(t).project(OUSE);
    for (const id of [
      await demoIds(t).module(cerro, 'roles'),
      await demoIds(t).module(ouse, 'notifications'),
      'nope',
    ]) {
      const res = await t.call('GET', `/ui/api/v1/modules/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error_type: 'NotFound', message: MESSAGES.moduleNotFound });
    }
  });
});

describe('PATCH /ui/api/v1/modules/{id}', () => {
  it('lets an administrator set the roles of a module', async () => {
    const id = await demoIds(t).module(cerro, 'data-entry');
    const res = await t.call('PATCH', `/ui/api/v1/modules/${id}`, {
      token: await t.login('admin'),
      body: { roles: [roles.Administrator, roles.Manager] },
    });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual([roles.Administrator, roles.Manager]);
    expect(await paths('operator')).not.toContain('data-entry');
  });

  it('refuses managers and operators', async () => {
    const id = await demoIds(t).module(cerro, 'file-manager');
    for (const username of ['manager', 'operator']) {
      const res = await t.call('PATCH', `/ui/api/v1/modules/${id}`, {
        token: await t.login(username),
        body: { roles: [] },
      });
      expect(res.status).toBe(403);
    }
  });

  it('refuses role ids that are unknown or of another project', async () => {
    const id = await demoIds(t).module(cerro, 'file-manager');
    const ouseRoles = await demoIds(t).roles(await demoIds(t).project(OUSE));
    for (const roleId of ['no-such-role', ouseRoles.Operator]) {
      const res = await t.call('PATCH', `/ui/api/v1/modules/${id}`, {
        token: await t.login('admin'),
        body: { roles: [roles.Administrator, roleId] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
    }
  });

  it('refuses to remove the administrator’s own role with OWN_MODULE_REMOVAL', async () => {
    const id = await demoIds(t).module(cerro, 'roles');
    const res = await t.call('PATCH', `/ui/api/v1/modules/${id}`, {
      token: await t.login('admin'),
      body: { roles: [roles.Manager] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
    expect(res.body.message).toBe('OWN_MODULE_REMOVAL');
    const stored = await t.db.selectFrom('modules').select('roles').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.roles).toBe(toJson([roles.Administrator]));
  });

  it('does not find a module of another project', async () => {
    const foreign = await demoIds(t).module(await demoIds(t).project(OUSE), 'file-manager');
    const res = await t.call('PATCH', `/ui/api/v1/modules/${foreign}`, {
      token: await t.login('admin'),
      body: { roles: [roles.Administrator] },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.moduleNotFound);
  });
});

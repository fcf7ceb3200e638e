import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, demoIds, OUSE } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
let roles: Record<string, string>;
let groups: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  roles = await demoIds(t).roles(cerro);
  const rows = await t.db.selectFrom('permission_groups').select(['id', 'name']).execute();
  groups = Object.fromEntries(rows.map((g) => [g.name, g.id]));
});
afterAll(() => t.close());

const rolesUrl = (projectId: string) => `/ui/api/v1/projects/${projectId}/roles`;

describe('GET /ui/api/v1/projects/{id}/roles', () => {
  it('lists the roles of the project with their permission groups, tile menu and menu tree', async () => {
    const res = await t.call('GET', `${rolesUrl(cerro)}?paginate_by=100&page=1`, { token: await t.login('operator') });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.objects.map((r: any) => r.name)).toEqual(['Administrator', 'Manager', 'Operator']);
    const operator = res.body.objects.find((r: any) => r.name === 'Operator');
    expect(operator).toEqual({
      id: roles.Operator,
      name: 'Operator',
      permission_groups: [
        { id: groups['Monitoring viewers'], name: 'Monitoring viewers' },
        { id: groups['Data entry'], name: 'Data entry' },
        { id: groups['Journal editors'], name: 'Journal editors' },
      ],
      tileMenu: 'grid',
      menu_tree: expect.arrayContaining([expect.objectContaining({ path: 'metrics' })]),
      created: expect.any(String),
      updated: expect.any(String),
    });
  });

  it('filters by name and selects fields', async () => {
    const res = await t.call('GET', `${rolesUrl(cerro)}?name=Manager&fields=name,tileMenu`, {
      token: await t.login('admin'),
    });
    expect(res.body.objects).toEqual([{ name: 'Manager', tileMenu: 'side-menu' }]);
  });
});

describe('PATCH /ui/api/v1/projects/{id}/roles/{roleId}', () => {
  it('lets an administrator change the permission groups and tile menu, keeping the rest', async () => {
    const admin = await t.login('admin');
    const before = (await t.call('GET', `${rolesUrl(cerro)}?name=Operator`, { token: admin })).body.objects[0];
    const res = await t.call('PATCH', `${rolesUrl(cerro)}/${roles.Operator}`, {
      token: admin,
      body: { permission_groups: [groups['Monitoring viewers']], tileMenu: 'side-menu' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Operator',
      tileMenu: 'side-menu',
      permission_groups: [{ id: groups['Monitoring viewers'], name: 'Monitoring viewers' }],
      menu_tree: before.menu_tree,
    });
    const again = (await t.call('GET', `${rolesUrl(cerro)}?name=Operator`, { token: admin })).body.objects[0];
    expect(again).toEqual(res.body);
  });

  it('stores a new menu tree', async () => {
    const menu = [{ group: 'Dashboards', items: ['safety-state', 'metrics'] }];
    const res = await t.call('PATCH', `${rolesUrl(cerro)}/${roles.Manager}`, {
      token: await t.login('admin'),
      body: { menu_tree: menu },
    });
    expect(res.body.menu_tree).toEqual(menu);
  });

  it('refuses permission groups that do not exist', async () => {
    const res = await t.call('PATCH', `${rolesUrl(cerro)}/${roles.Operator}`, {
      token: await t.login('admin'),
      body: { permission_groups: ['no-such-group'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.permission_groups).toHaveLength(1);
  });

  it('refuses a tile menu other than grid or side-menu, and unknown fields', async () => {
    const admin = await t.login('admin');
    const url = `${rolesUrl(cerro)}/${roles.Operator}`;
    expect((await t.call('PATCH', url, { token: admin, body: { tileMenu: 'tiles' } })).status).toBe(400);
    const unknown = await t.call('PATCH', url, { token: admin, body: { name: 'Boss' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ name: ['Unknown field'] });
  });

  it('is for administrators only', async () => {
    for (const username of ['manager', 'operator']) {
      const res = await t.call('PATCH', `${rolesUrl(cerro)}/${roles.Operator}`, {
        token: await t.login(username),
        body: { tileMenu: 'grid' },
      });
      expect(res.status).toBe(403);
      expect(res.body.error_type).toBe('Forbidden');
    }
  });

  it('does not find a role of another project', async () => {
    const ouse = await demoIds(t).project(OUSE);
    const ouseRoles = await demoIds(t).roles(ouse);
    const res = await t.call('PATCH', `${rolesUrl(cerro)}/${ouseRoles.Operator}`, {
      token: await t.login('admin'),
      body: { tileMenu: 'grid' },
    });
    expect(res.status).toBe(404);
    const stored = await t.db
      .selectFrom('roles')
      .select('tile_menu')
      .where('id', '=', ouseRoles.Operator!)
      .executeTakeFirstOrThrow();
    expect(stored.tile_menu).toBe('grid');
  });
});

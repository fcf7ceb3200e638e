import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { addMember, CERRO, demoIds, EXTRA_PASSWORD, OUSE } from './test-fixtures.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('GET /ui/api/v1/projects', () => {
  it('lists the projects of the user sorted by name, in the list shape', async () => {
    const res = await t.call('GET', '/ui/api/v1/projects?paginate_by=100&page=1', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, page: 1, paginate_by: 100 });
    expect(res.body.objects.map((p: any) => p.name)).toEqual([CERRO, OUSE]);
  });

  it('gives each place its lat and lon converted to coords', async () => {
    const res = await t.call('GET', '/ui/api/v1/projects/', { token: admin });
    const ouse = res.body.objects.find((p: any) => p.name === OUSE);
    expect(ouse.places).toEqual([
      { name: 'Naburn Lock embankment, York', lat: 53.9047, lon: -1.0875, coords: { lat: 53.9047, lng: -1.0875 } },
    ]);
  });

  it('shows attrs with apiKeys, crossSectionsSettings, features, roleFeatures and theme', async () => {
    const res = await t.call('GET', '/ui/api/v1/projects', { token: admin });
    const cerro = res.body.objects.find((p: any) => p.name === CERRO);
    expect(Object.keys(cerro.attrs).sort()).toEqual([
      'apiKeys',
      'crossSectionsSettings',
      'features',
      'roleFeatures',
      'theme',
    ]);
    expect(cerro.attrs.crossSectionsSettings).toEqual({ defaultAltitudeUnit: 'm', defaultDistanceUnit: 'm' });
    expect(cerro).toMatchObject({ slug: 'cerro-azul', created_at: expect.any(String) });
    expect(cerro).not.toHaveProperty('feature_config');
  });

  it('selects fields and pages', async () => {
    const res = await t.call('GET', '/ui/api/v1/projects?paginate_by=1&page=2&fields=id,name', { token: admin });
    expect(res.body.count).toBe(2);
    expect(res.body.objects).toEqual([{ id: expect.any(String), name: OUSE }]);
  });

  it('sorts in reverse when asked', async () => {
    const res = await t.call('GET', '/ui/api/v1/projects?ordering=-name', { token: admin });
    expect(res.body.objects.map((p: any) => p.name)).toEqual([OUSE, CERRO]);
  });

  it('refuses an unknown filter', async () => {
    const res = await t.call('GET', '/ui/api/v1/projects?colour=red', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
  });

  it('needs a session token', async () => {
    expect((await t.call('GET', '/ui/api/v1/projects')).status).toBe(401);
  });
});

describe('GET /ui/api/v1/projects/{id}', () => {
  it('returns one project of the user', async () => {
    const id = await demoIds(t).project(OUSE);
    const res = await t.call('GET', `/ui/api/v1/projects/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: OUSE, attrs: { theme: 'ouse-embankment' } });
  });

  it('answers 404 for a project the user does not belong to, as for one that does not exist', async () => {
    const ids = demoIds(t);
    await addMember(t, 'ouse-only-p', [{ projectId: await ids.project(OUSE), roleIds: [] }]);
    const token = await t.login('ouse-only-p', EXTRA_PASSWORD);
    const foreign = await t.call('GET', `/ui/api/v1/projects/${await ids.project(CERRO)}`, { token });
    const missing = await t.call('GET', '/ui/api/v1/projects/no-such-project', { token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.error_type).toBe('NotFound');
  });

  it('hides a project where the user’s profile is inactive', async () => {
    const ids = demoIds(t);
    const cerro = await ids.project(CERRO);
    const userId = await addMember(t, 'inactive-p', [
      { projectId: cerro, roleIds: [(await ids.roles(cerro)).Operator!] },
      { projectId: await ids.project(OUSE), roleIds: [] },
    ]);
    await t.db
      .updateTable('user_profiles')
      .set({ is_active: 0 })
      .where('user_id', '=', userId)
      .where('project_id', '=', cerro)
      .execute();
    const token = await t.login('inactive-p', EXTRA_PASSWORD);
    const list = await t.call('GET', '/ui/api/v1/projects', { token });
    expect(list.body.objects.map((p: any) => p.name)).toEqual([OUSE]);
    expect((await t.call('GET', `/ui/api/v1/projects/${cerro}`, { token })).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, registryIds } from './test-fixtures.ts';

let t: TestApp;
let admin: string;
let ids: ReturnType<typeof registryIds>;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  admin = await t.login('admin');
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, token = admin) =>
  t.call(method, `${API}/${path}`, { token, body });

describe('basic-groups', () => {
  it('lists the project’s groups with their devices', async () => {
    const res = await call('GET', 'basic-groups?paginate_by=100&page=1', undefined, await t.login('operator'));
    expect(res.status).toBe(200);
    expect(res.body.objects.map((g: any) => g.title)).toEqual([
      'Crest section A',
      'Crest section B',
      'Crest section C',
      'Data loggers',
      'Decant pond',
      'In-place inclinometers',
      'Piezometers',
      'Weather',
    ]);
    const pond = res.body.objects.find((g: any) => g.title === 'Decant pond');
    expect(Object.keys(pond).sort()).toEqual([
      'created_at',
      'device_profiles',
      'id',
      'monitored_entities',
      'title',
      'type',
      'updated_at',
    ]);
    expect(pond.type).toBe('area');
    const expected = [
      await ids.entity('cerro-azul', 'DL-04'),
      await ids.entity('cerro-azul', 'WL-01'),
      await ids.entity('cerro-azul', 'WL-02'),
    ];
    expect(pond.device_profiles).toEqual(expected);
    expect(pond.monitored_entities).toEqual(expected.map((id) => ({ monitored_entity_id: id })));
  });

  it('filters by type, title and member', async () => {
    const titles = async (query: string) =>
      (await call('GET', `basic-groups?fields=title&${query}`)).body.objects.map((g: any) => g.title);
    expect(await titles('type=area')).toEqual(['Crest section A', 'Crest section B', 'Crest section C', 'Decant pond']);
    expect(await titles('title=Weather')).toEqual(['Weather']);
    expect(await titles(`monitored_entity_ids=${await ids.entity('cerro-azul', 'PZ-12')}`)).toEqual([
      'Crest section B',
      'Piezometers',
    ]);
    expect((await call('GET', 'basic-groups?colour=red')).status).toBe(400);
  });

  it('creates, renames, regroups and deletes a group', async () => {
    const members = [await ids.entity('cerro-azul', 'PZ-01'), await ids.entity('cerro-azul', 'PZ-09')];
    const created = await call('POST', 'basic-groups', { title: 'Upstream beach', device_profiles: members });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ title: 'Upstream beach', type: 'area', device_profiles: members });
    const id = created.body.id;
    const patched = await call('PATCH', `basic-groups/${id}`, {
      title: 'Upstream beach piezometers',
      type: 'instrument-type',
      device_profiles: [members[1], members[0], members[1]],
    });
    expect(patched.body).toMatchObject({
      title: 'Upstream beach piezometers',
      type: 'instrument-type',
      device_profiles: [members[1], members[0]],
    });
    expect((await call('GET', `basic-groups/${id}?fields=title`)).body).toEqual({
      title: 'Upstream beach piezometers',
    });
    expect((await call('DELETE', `basic-groups/${id}`)).status).toBe(204);
    expect((await call('GET', `basic-groups/${id}`)).status).toBe(404);
    expect((await call('DELETE', `basic-groups/${id}`)).status).toBe(404);
  });

  it('refuses devices that are not the project’s', async () => {
    const ouse = await ids.entity('ouse-embankment', 'PZ-01');
    const res = await call('POST', 'basic-groups', { title: 'Mixed', device_profiles: [ouse] });
    expect(res.status).toBe(400);
    expect(res.body.details.device_profiles).toEqual([`Unknown device ${ouse}`]);
    const group = (await call('GET', 'basic-groups?title=Weather')).body.objects[0];
    expect((await call('PATCH', `basic-groups/${group.id}`, { device_profiles: [ouse] })).status).toBe(400);
    expect((await call('POST', 'basic-groups', { title: '' })).status).toBe(400);
  });

  it('is written by administrators and managers; operators read', async () => {
    const group = (await call('GET', 'basic-groups?title=Weather')).body.objects[0];
    const operator = await t.login('operator');
    expect((await call('POST', 'basic-groups', { title: 'x' }, operator)).status).toBe(403);
    expect((await call('PATCH', `basic-groups/${group.id}`, { title: 'x' }, operator)).status).toBe(403);
    expect((await call('DELETE', `basic-groups/${group.id}`, undefined, operator)).status).toBe(403);
    expect((await call('GET', `basic-groups/${group.id}`, undefined, operator)).body.title).toBe('Weather');
    const manager = await t.login('manager');
    const created = await call('POST', 'basic-groups', { title: 'Set up by the manager' }, manager);
    expect(created.status).toBe(201);
    expect((await call('PATCH', `basic-groups/${created.body.id}`, { title: 'Renamed' }, manager)).status).toBe(200);
    expect((await call('DELETE', `basic-groups/${created.body.id}`, undefined, manager)).status).toBe(204);
  });

  it('hides another project’s groups', async () => {
    const operator = await t.login('operator');
    const cerroGroup = (await call('GET', 'basic-groups?title=Weather')).body.objects[0].id;
    await ids.switchTo(operator, 'ouse-embankment');
    const titles = (await call('GET', 'basic-groups?fields=title', undefined, operator)).body.objects.map(
      (g: any) => g.title,
    );
    expect(titles).toEqual([
      'Data loggers',
      'Piezometers',
      'Reach 1 – Naburn Lock',
      'Reach 2 – Fulford Ings',
      'River gauges',
    ]);
    expect((await call('GET', `basic-groups/${cerroGroup}`, undefined, operator)).status).toBe(404);
  });
});

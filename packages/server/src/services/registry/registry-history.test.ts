import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, piezometerBody, registryIds } from './test-fixtures.ts';

// requirements#site-contracts: every create, change and delete of a device, scheme or basic group is kept (who, when,
// old and new value per field), newest first, in the list shape; a deleted thing's history stays.

let t: TestApp;
let admin: string;
let manager: string;
let operator: string;
let ids: ReturnType<typeof registryIds>;
let piezometerScheme: string;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  [admin, manager, operator] = await Promise.all([t.login('admin'), t.login('manager'), t.login('operator')]);
  piezometerScheme = await ids.scheme('cerro-azul', 'VW piezometer');
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, token = admin) =>
  t.call(method, `${API}/${path}`, { token, body });
const history = async (path: string, query = '') => {
  const res = await call('GET', `${path}/history${query}`, undefined, operator);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('history of a device', () => {
  it('records its creation, each change with old and new values, and who made it, newest first', async () => {
    const created = await call('POST', 'instruments', piezometerBody(piezometerScheme, { eid: 'PZ-H1' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect((await call('PATCH', `instruments/${id}`, { contracted_sla_time: 900 }, manager)).status).toBe(200);
    expect((await call('PATCH', `instruments/${id}`, { title: 'PZ-H1 moved', labels: ['crest'] })).status).toBe(200);

    const list = await history(`instruments/${id}`);
    expect(list).toMatchObject({ count: 3, page: 1 });
    const [renamed, sla, creation] = list.objects;
    expect(renamed).toMatchObject({
      action: 'updated',
      changed_by: 'admin',
      fields: { title: { old: 'PZ-99 Spillway abutment', new: 'PZ-H1 moved' }, labels: { old: [], new: ['crest'] } },
    });
    expect(Object.keys(renamed.fields).sort()).toEqual(['labels', 'title']);
    expect(sla).toMatchObject({
      action: 'updated',
      changed_by: 'manager',
      fields: { contracted_sla_time: { old: 3600, new: 900 } },
    });
    expect(creation).toMatchObject({
      action: 'created',
      changed_by: 'admin',
      fields: { eid: { old: null, new: 'PZ-H1' }, scheme: { old: null, new: piezometerScheme } },
    });
    expect(Date.parse(renamed.changed_at)).toBeGreaterThan(Date.parse(sla.changed_at));
    expect(Date.parse(sla.changed_at)).toBeGreaterThan(Date.parse(creation.changed_at));
  });

  it('records nothing for a change that changes nothing', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-02');
    const title = (await call('GET', `instruments/${id}`)).body.title;
    expect((await call('PATCH', `instruments/${id}`, { title })).status).toBe(200);
    expect((await history(`instruments/${id}`)).count).toBe(0);
  });

  it('records a decommissioning and a deletion, and keeps the history of a deleted device', async () => {
    const node = await call('POST', 'interface-nodes', {
      eid: 'DL-H1',
      title: 'DL-H1 spare logger',
      scheme: await ids.scheme('cerro-azul', 'Data logger'),
    });
    expect(node.status, JSON.stringify(node.body)).toBe(201);
    expect((await call('POST', `interface-nodes/${node.body.id}/decommission`)).status).toBe(200);
    expect((await call('DELETE', `interface-nodes/${node.body.id}`, undefined, manager)).status).toBe(204);
    expect((await call('GET', `interface-nodes/${node.body.id}`)).status).toBe(404);

    const list = await history(`interface-nodes/${node.body.id}`);
    expect(list.objects.map((h: any) => h.action)).toEqual(['deleted', 'updated', 'created']);
    expect(list.objects[0]).toMatchObject({
      changed_by: 'manager',
      fields: { eid: { old: 'DL-H1', new: null }, decommissioned: { old: true, new: null } },
    });
    expect(list.objects[1].fields).toEqual({ decommissioned: { old: false, new: true } });
  });

  it('pages through the list shape', async () => {
    const created = await call('POST', 'virtual-devices', {
      eid: 'VD-H1',
      title: 'Virtual 1',
      scheme: await ids.scheme('cerro-azul', 'Data logger'),
    });
    for (const title of ['Virtual 2', 'Virtual 3'])
      await call('PATCH', `virtual-devices/${created.body.id}`, { title });
    const page = await history(`virtual-devices/${created.body.id}`, '?paginate_by=2&page=2');
    expect(page).toMatchObject({ count: 3, page: 2, paginate_by: 2 });
    expect(page.objects.map((h: any) => h.action)).toEqual(['created']);
  });
});

describe('history of schemes and groups', () => {
  it('records a scheme’s creation and each change of its name or spec', async () => {
    const created = await call('POST', 'schemes', {
      name: 'Settlement cell',
      type: 'displacement',
      spec: { metrics: { raw_metrics: [{ key: 'settlement', label: 'Settlement', unit: 'mm' }] } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(
      (await call('PATCH', `schemes/${created.body.id}`, { name: 'Settlement cell (hydraulic)' }, manager)).status,
    ).toBe(200);
    const list = await history(`schemes/${created.body.id}`);
    expect(list.objects.map((h: any) => h.action)).toEqual(['updated', 'created']);
    expect(list.objects[0]).toMatchObject({
      changed_by: 'manager',
      fields: { name: { old: 'Settlement cell', new: 'Settlement cell (hydraulic)' } },
    });
    expect(list.objects[1].fields.spec.new.metrics.raw_metrics[0].key).toBe('settlement');

    expect((await call('DELETE', `schemes/${created.body.id}`, undefined, manager)).status).toBe(204);
    const afterDelete = await history(`schemes/${created.body.id}`);
    expect(afterDelete.objects[0]).toMatchObject({
      action: 'deleted',
      changed_by: 'manager',
      fields: { name: { old: 'Settlement cell (hydraulic)', new: null } },
    });
  });

  it('refuses to delete a scheme that devices use, naming how many', async () => {
    const scheme = await ids.scheme('cerro-azul', 'VW piezometer');
    const res = await call('DELETE', `schemes/${scheme}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Used by \d+ devices: move them to another scheme first$/);
    expect((await call('DELETE', `schemes/${scheme}`, undefined, operator)).status).toBe(403);
  });

  it('records a group’s creation, its members added and removed, and its deletion', async () => {
    const pz02 = await ids.entity('cerro-azul', 'PZ-02');
    const pz03 = await ids.entity('cerro-azul', 'PZ-03');
    const group = await call('POST', 'basic-groups', { title: 'Toe drains', device_profiles: [pz02] });
    expect(group.status).toBe(201);
    await call('PATCH', `basic-groups/${group.body.id}`, { device_profiles: [pz02, pz03] });
    await call('PATCH', `basic-groups/${group.body.id}`, { title: 'Toe drains (east)' }, manager);
    expect((await call('DELETE', `basic-groups/${group.body.id}`)).status).toBe(204);
    const list = await history(`basic-groups/${group.body.id}`);
    expect(list.objects.map((h: any) => [h.action, h.changed_by])).toEqual([
      ['deleted', 'admin'],
      ['updated', 'manager'],
      ['updated', 'admin'],
      ['created', 'admin'],
    ]);
    expect(list.objects[2].fields).toEqual({ device_profiles: { old: [pz02], new: [pz02, pz03] } });
    expect(list.objects[0].fields.title).toEqual({ old: 'Toe drains (east)', new: null });
  });
});

describe('reading a history', () => {
  it('is open to every member and answers 404 for ids the project never had', async () => {
    const ouseScheme = await ids.scheme('ouse-embankment', 'VW piezometer');
    const ouseDevice = await ids.entity('ouse-embankment', 'PZ-02');
    expect((await call('GET', 'instruments/no-such-id/history', undefined, operator)).status).toBe(404);
    expect((await call('GET', `instruments/${ouseDevice}/history`)).status).toBe(404);
    expect((await call('GET', `schemes/${ouseScheme}/history`)).status).toBe(404);
    // An instrument's id is not an interface node's.
    const pz02 = await ids.entity('cerro-azul', 'PZ-02');
    expect((await call('GET', `interface-nodes/${pz02}/history`)).status).toBe(404);
  });

  it('is written in the transaction of the change: a refused change leaves none', async () => {
    const pz02 = await ids.entity('cerro-azul', 'PZ-02');
    const before = (await history(`instruments/${pz02}`)).count;
    expect((await call('PATCH', `instruments/${pz02}`, { scheme: 'no-such-scheme' })).status).toBe(400);
    expect((await call('PATCH', `instruments/${pz02}`, { title: 'x' }, operator)).status).toBe(403);
    expect((await history(`instruments/${pz02}`)).count).toBe(before);
  });
});

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

const get = async (path: string, token = admin) => {
  const res = await t.call('GET', `${API}/${path}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const post = (body: unknown, token = admin) => t.call('POST', `${API}/data-points`, { token, body });

describe('GET data-points', () => {
  it('sorts titles numerically: node 2 before node 10', async () => {
    const chain = await ids.entity('cerro-azul', 'IPI-02');
    const body = await get(`data-points?monitored_entity_ids=${chain}&fields=id,title&paginate_by=100&page=1`);
    expect(body.count).toBe(15);
    expect(body.objects.map((p: any) => p.title)).toEqual(Array.from({ length: 15 }, (_, i) => `IPI-02 node ${i + 1}`));
    expect(Object.keys(body.objects[0]).sort()).toEqual(['id', 'title']);
  });

  it('puts "PZ-2" before "PZ-10" across the project', async () => {
    const pz = await ids.entity('cerro-azul', 'PZ-01');
    for (const title of ['PZ-10', 'PZ-2', 'pz-3', 'PZ-1']) {
      expect((await post({ monitored_entity_id: pz, title })).status).toBe(201);
    }
    const body = await get(`data-points?monitored_entity_ids=${pz}&fields=title`);
    expect(body.objects.map((p: any) => p.title)).toEqual(['PZ-1', 'PZ-2', 'pz-3', 'PZ-10']);
    const reversed = await get(`data-points?monitored_entity_ids=${pz}&fields=title&ordering=-title`);
    expect(reversed.objects.map((p: any) => p.title)).toEqual(['PZ-10', 'pz-3', 'PZ-2', 'PZ-1']);
  });

  it('pages through the project’s data points in that order', async () => {
    const all = await get('data-points?fields=title&paginate_by=1000');
    const titles = all.objects.map((p: any) => p.title);
    expect(titles.indexOf('IPI-01 node 9')).toBeLessThan(titles.indexOf('IPI-01 node 10'));
    expect(titles.indexOf('IPI-01 node 12')).toBeLessThan(titles.indexOf('IPI-02 node 1'));
    const page2 = await get('data-points?fields=title&paginate_by=10&page=2');
    expect(page2).toMatchObject({ count: all.count, page: 2, paginate_by: 10 });
    expect(page2.objects.map((p: any) => p.title)).toEqual(titles.slice(10, 20));
  });

  it('filters by several entities and keeps each point’s entity', async () => {
    const [a, b] = [await ids.entity('cerro-azul', 'IPI-01'), await ids.entity('cerro-azul', 'IPI-04')];
    const body = await get(`data-points?monitored_entity_ids=${a},${b}&paginate_by=100`);
    expect(body.count).toBe(24);
    expect(new Set(body.objects.map((p: any) => p.monitored_entity_id))).toEqual(new Set([a, b]));
    expect(Object.keys(body.objects[0]).sort()).toEqual([
      'created_at',
      'id',
      'identifier',
      'monitored_entity_id',
      'title',
    ]);
  });

  it('lists an instrument’s data points with their identifiers', async () => {
    const chain = await ids.entity('cerro-azul', 'IPI-03');
    const body = await get(`instruments/${chain}/data-points?fields=id,identifier`);
    expect(body.count).toBe(10);
    expect(body.objects[0]).toEqual({ id: expect.any(String), identifier: 'IPI-03-N01' });
    expect(body.objects[9].identifier).toBe('IPI-03-N10');
    const logger = await ids.entity('cerro-azul', 'DL-01');
    expect((await t.call('GET', `${API}/instruments/${logger}/data-points`, { token: admin })).status).toBe(404);
  });

  it('shows only the session’s project', async () => {
    const chain = await ids.entity('cerro-azul', 'IPI-01');
    const operator = await t.login('operator');
    await ids.switchTo(operator, 'ouse-embankment');
    const body = await get(`data-points?monitored_entity_ids=${chain}`, operator);
    expect(body.count).toBe(0);
    expect((await get('data-points', operator)).count).toBe(0);
    expect((await t.call('GET', `${API}/instruments/${chain}/data-points`, { token: operator })).status).toBe(404);
  });
});

describe('POST and DELETE data-points', () => {
  it('adds a node to a chain, the identifier defaulting to the title', async () => {
    const chain = await ids.entity('cerro-azul', 'IPI-04');
    const res = await post({ monitored_entity_id: chain, title: 'IPI-04 node 13' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      monitored_entity_id: chain,
      title: 'IPI-04 node 13',
      identifier: 'IPI-04 node 13',
    });
    const duplicate = await post({ monitored_entity_id: chain, title: 'Another', identifier: 'IPI-04-N01' });
    expect(duplicate.status).toBe(409);
  });

  it('refuses an entity of another project or none', async () => {
    for (const entity of [await ids.entity('ouse-embankment', 'PZ-01'), 'nope']) {
      const res = await post({ monitored_entity_id: entity, title: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty('monitored_entity_id');
    }
    expect((await post({ title: 'x' })).status).toBe(400);
  });

  it('deletes a data point once', async () => {
    const chain = await ids.entity('cerro-azul', 'IPI-04');
    const created = await post({ monitored_entity_id: chain, title: 'IPI-04 spare node' });
    const url = `${API}/data-points/${created.body.id}`;
    expect((await t.call('DELETE', url, { token: admin })).status).toBe(204);
    expect((await t.call('DELETE', url, { token: admin })).status).toBe(404);
  });

  it('is written by administrators and managers; operators read', async () => {
    const chain = await ids.entity('cerro-azul', 'IPI-04');
    const point = (await get(`instruments/${chain}/data-points?fields=id&paginate_by=1`)).objects[0].id;
    const operator = await t.login('operator');
    expect((await post({ monitored_entity_id: chain, title: 'x' }, operator)).status).toBe(403);
    expect((await t.call('DELETE', `${API}/data-points/${point}`, { token: operator })).status).toBe(403);
    const manager = await t.login('manager');
    const created = await post({ monitored_entity_id: chain, title: 'IPI-04 node by the manager' }, manager);
    expect(created.status).toBe(201);
    expect((await t.call('DELETE', `${API}/data-points/${created.body.id}`, { token: manager })).status).toBe(204);
  });
});

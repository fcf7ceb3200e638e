import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, piezometerBody, registryIds } from './test-fixtures.ts';

// Issue 31: deleting a device that readings, cards or cross sections use is refused with a message
// naming where it is used; decommissioning is the way out. A device nothing uses is deleted.

let t: TestApp;
let admin: string;
let manager: string;
let operator: string;
let ids: ReturnType<typeof registryIds>;
let scheme: string;
let cerro: string;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  [admin, manager, operator] = await Promise.all([t.login('admin'), t.login('manager'), t.login('operator')]);
  scheme = await ids.scheme('cerro-azul', 'VW piezometer');
  cerro = await ids.project('cerro-azul');
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, token = admin) =>
  t.call(method, `${API}/${path}`, { token, body });
const createPiezometer = async (eid: string, extra: Record<string, unknown> = {}) => {
  const res = await call('POST', 'instruments', piezometerBody(scheme, { eid, ...extra }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const remove = (path: string, token = manager) => call('DELETE', path, undefined, token);

describe('DELETE {kind}/{id}', () => {
  it('deletes a device nothing uses, with its data points, out of its groups', async () => {
    const id = await createPiezometer('PZ-D1');
    await call('POST', 'data-points', { monitored_entity_id: id, title: 'Port 1' });
    const group = await call('POST', 'basic-groups', { title: 'With PZ-D1', device_profiles: [id] });
    const res = await remove(`instruments/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await call('GET', `instruments/${id}`)).status).toBe(404);
    expect(await t.db.selectFrom('data_points').select('id').where('entity_id', '=', id).execute()).toEqual([]);
    expect((await call('GET', `basic-groups/${group.body.id}`)).body.device_profiles).toEqual([]);
    expect((await call('GET', `instruments/${id}/history`)).body.objects[0].action).toBe('deleted');
  });

  it('refuses a device with readings, naming how many', async () => {
    const id = await createPiezometer('PZ-D2');
    const sent = await t.call('POST', '/ingest/api/v1/payloads', {
      token: admin,
      body: [1, 2].map((h) => ({
        eid: 'PZ-D2',
        read_at: `2026-11-20T0${h}:00:00Z`,
        raw_metrics: { reading: 8000 - h, temperature: 12 },
      })),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const res = await remove(`instruments/${id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error_type: 'Conflict' });
    expect(res.body.message).toMatch(/^Used by 2 readings: decommission the device instead$/);
    expect((await call('GET', `instruments/${id}`)).status).toBe(200);
  });

  it('names the cross sections, journal entries and instruments that use it', async () => {
    const id = await createPiezometer('PZ-D3');
    const section = await t.call('POST', `/ui/api/v1/projects/${cerro}/cross-sections/`, {
      token: manager,
      body: { name: 'Main section', sensors: [{ id: 's1', device_id: id, metric_field: 'piezometric_level' }] },
    });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    const journal = await t.call('POST', '/inmt-journal/api/v1/journals/', { token: admin, body: { title: 'Rounds' } });
    const entry = await t.call('POST', '/inmt-journal/api/v1/journal-entries/', {
      token: operator,
      body: {
        journal: journal.body.id,
        title: 'Seepage',
        occurred_at: '2026-11-20T10:00:00Z',
        monitored_entity_ids: [id],
      },
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const res = await remove(`instruments/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Used by 1 cross section (Main section), 1 journal entry: decommission the device instead',
    );

    const node = await call('POST', 'interface-nodes', {
      eid: 'DL-D1',
      title: 'DL-D1',
      scheme: await ids.scheme('cerro-azul', 'Data logger'),
    });
    await createPiezometer('PZ-D4', { interface_node: node.body.id });
    expect((await remove(`interface-nodes/${node.body.id}`)).body.message).toMatch(/^Used by 1 instrument:/);
  });

  it('names the dashboard cards by module and page', async () => {
    const rows = await t.db
      .selectFrom('project_module_data as d')
      .innerJoin('modules as m', 'm.id', 'd.module_id')
      .select(['m.name', 'd.data'])
      .where('d.project_id', '=', cerro)
      .where('m.folder', '=', 'safety-state')
      .execute();
    const tree = JSON.parse(rows[0]!.data);
    const card = tree.pages[0].cards.find((c: any) => c.type === 'device-state' && c.target.kind !== 'group');
    expect(card, 'the demo’s safety dashboard has a device card').toBeTruthy();
    const res = await remove(`${card.target.entity_type}s/${card.target.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`${rows[0]!.name} › ${tree.pages[0].title}`);
    expect(res.body.message).toMatch(/\d+ dashboard cards? \(/);
  });

  it('lets operators only read, and hides another project’s devices', async () => {
    const id = await createPiezometer('PZ-D5');
    expect((await remove(`instruments/${id}`, operator)).status).toBe(403);
    const ouse = await ids.entity('ouse-embankment', 'PZ-02');
    expect((await remove(`instruments/${ouse}`, admin)).status).toBe(404);
    expect((await remove(`interface-nodes/${id}`, admin)).status).toBe(404);
    expect((await call('GET', `instruments/${id}`)).status).toBe(200);
  });
});

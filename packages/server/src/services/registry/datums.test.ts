import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, registryIds } from './test-fixtures.ts';
import { storedReadingsOf } from '../../test-support/stored-readings.ts';

// Issue 34 and ADR 0041: an inclinometer gets a datum, the reading set its displacement is measured
// from, with its date; re-setting it keeps the earlier datums, and the stored readings never change.

const CHAIN = 'IPI-01';
const SETS = ['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z'];

let t: TestApp;
let admin: string;
let manager: string;
let operator: string;
let ids: ReturnType<typeof registryIds>;
let chain: string;
let nodes: string[];
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  [admin, manager, operator] = await Promise.all([t.login('admin'), t.login('manager'), t.login('operator')]);
  chain = await ids.entity('cerro-azul', CHAIN);
  nodes = (await t.db.selectFrom('data_points').select('id').where('entity_id', '=', chain).execute()).map((p) => p.id);
  // three reading sets: every node read at each time, node i moving i mm more at each
  for (const [k, readAt] of SETS.entries()) {
    const res = await t.call('POST', '/ingest/api/v1/payloads', {
      token: admin,
      body: nodes.map((id, i) => ({
        eid: CHAIN,
        data_point_id: id,
        read_at: readAt,
        raw_metrics: { a_axis: i * (k + 1), b_axis: 1 },
      })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.accepted).toBe(nodes.length);
  }
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, token = admin) =>
  t.call(method, `${API}/${path}`, { token, body });
const datums = () => `instruments/${chain}/datums`;
const storedReadings = async () =>
  (await storedReadingsOf(t.db, chain)).map((r) => ({
    data_point_id: r.data_point_id,
    read_at: r.read_at,
    metrics: r.metrics,
  }));

describe('the datum of an inclinometer', () => {
  it('is set by curators to one of its reading sets, the newest set in effect, earlier ones kept', async () => {
    expect((await call('GET', datums(), undefined, operator)).body).toMatchObject({ count: 0, objects: [] });
    const readings = await storedReadings();

    const first = await call('POST', datums(), { datum_at: SETS[0], notes: 'Initial reading set' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ datum_at: SETS[0], notes: 'Initial reading set', set_by: 'admin' });
    // another zone, the same instant: the reading set of April
    const later = await call('POST', datums(), { datum_at: '2026-04-01T02:00:00+02:00' }, manager);
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body).toMatchObject({ datum_at: '2026-04-01T00:00:00.000Z', notes: '', set_by: 'manager' });
    expect(later.body.set_at > first.body.set_at).toBe(true);

    const list = await call('GET', datums(), undefined, operator);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.objects.map((d: { id: string }) => d.id)).toEqual([later.body.id, first.body.id]);
    expect(list.body.objects[1]).toEqual(first.body);

    // back to an earlier set: a third record, the first one untouched
    const back = await call('POST', datums(), { datum_at: SETS[0], notes: 'Casing extended' });
    expect(back.status).toBe(201);
    const all = (await call('GET', datums())).body.objects;
    expect(all.map((d: { id: string }) => d.id)).toEqual([back.body.id, later.body.id, first.body.id]);
    expect(all[2]).toEqual(first.body);

    expect(await storedReadings()).toEqual(readings);
  });

  it('keeps each change in the instrument’s history with the datum before and after', async () => {
    const history = await call('GET', `instruments/${chain}/history`, undefined, operator);
    expect(history.status).toBe(200);
    const [back, later, first] = history.body.objects;
    expect(first).toMatchObject({
      action: 'updated',
      changed_by: 'admin',
      fields: { datum: { old: null, new: { datum_at: SETS[0], notes: 'Initial reading set' } } },
    });
    expect(later).toMatchObject({
      changed_by: 'manager',
      fields: { datum: { old: { datum_at: SETS[0] }, new: { datum_at: SETS[1], notes: '' } } },
    });
    expect(back).toMatchObject({
      fields: { datum: { old: { datum_at: SETS[1] }, new: { datum_at: SETS[0], notes: 'Casing extended' } } },
    });
  });

  it('refuses with 400, in words, a time at which the instrument has no reading set', async () => {
    const before = (await call('GET', datums())).body.count;
    const between = await call('POST', datums(), { datum_at: '2026-03-15T00:00:00Z' });
    expect(between.status).toBe(400);
    expect(between.body.message).toMatch(/no readings at this date and time: a datum must be one of its reading sets/);
    expect(between.body.details).toHaveProperty('datum_at');
    // a reading set of another device is not one of this one's
    const other = await ids.entity('cerro-azul', 'IPI-02');
    const res = await t.call('POST', '/ingest/api/v1/payloads', {
      token: admin,
      body: { eid: 'PZ-01', read_at: '2026-06-01T00:00:00Z', raw_metrics: { reading: 8000, temperature: 10 } },
    });
    expect(res.body.accepted).toBe(1);
    expect((await call('POST', datums(), { datum_at: '2026-06-01T00:00:00Z' })).status).toBe(400);
    expect((await call('POST', `instruments/${other}/datums`, { datum_at: SETS[0] })).status).toBe(400);
    expect((await call('POST', datums(), { datum_at: 'yesterday' })).status).toBe(400);
    expect((await call('POST', datums(), { datum_at: SETS[0], extra: 1 })).status).toBe(400);
    expect((await call('GET', datums())).body.count).toBe(before);
  });

  it('lists the reading sets of a time range with their readings, newest first', async () => {
    const res = await call(
      'GET',
      `instruments/${chain}/reading-sets?from_time=2026-03-01T00:00:00Z&to_time=2026-04-30T00:00:00Z`,
      undefined,
      operator,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.objects).toEqual([
      { read_at: SETS[1], readings: nodes.length },
      { read_at: SETS[0], readings: nodes.length },
    ]);
  });

  it('lets operators read but not set, and hides other projects’ instruments', async () => {
    expect((await call('POST', datums(), { datum_at: SETS[2] }, operator)).status).toBe(403);
    const other = await t.login('admin');
    await ids.switchTo(other, 'ouse-embankment');
    expect((await call('GET', datums(), undefined, other)).status).toBe(404);
    expect((await call('POST', datums(), { datum_at: SETS[2] }, other)).status).toBe(404);
    const sets = `instruments/${chain}/reading-sets?from_time=2026-01-01T00:00:00Z&to_time=2026-12-31T00:00:00Z`;
    expect((await call('GET', sets, undefined, other)).status).toBe(404);
    expect((await call('GET', datums())).body.count).toBe(3);
  });
});

import { DEFAULT_SNAPSHOT_STATES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, toJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { appendSnapshot } from './snapshot-store.ts';
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

const snapshots = async (kind: string, query: string) => {
  const paging = query.includes('paginate_by') ? '' : 'paginate_by=100&';
  const res = await t.call('GET', `${API}/snapshots/latest/${kind}?${paging}${query}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const snapshotOf = async (kind: string, eid: string, time?: string) => {
  const at = time ? `&snapshot_created_at.to_time=${encodeURIComponent(time)}` : '';
  const body = await snapshots(kind, `eid=${eid}${at}`);
  expect(body.count).toBe(1);
  return body.objects[0];
};

/** Writes a snapshot as the rules engine would, at a chosen time. */
async function addSnapshot(eid: string, createdAt: string, states: Record<string, unknown>) {
  await t.db
    .insertInto('entity_snapshots')
    .values({
      id: newId(),
      entity_id: await ids.entity('cerro-azul', eid),
      created_at: createdAt,
      states: toJson(states),
    })
    .execute();
}

describe('GET snapshots/latest/{kind}', () => {
  it('gives the defaults before an entity’s first snapshot', async () => {
    const body = await snapshots('instruments', 'snapshot_created_at.to_time=2001-01-01T00:00:00Z');
    expect(body.count).toBe(34);
    for (const snapshot of body.objects) {
      expect(snapshot).toMatchObject({
        snapshot_id: null,
        snapshot_created_at: null,
        device_state: 'unknown',
        sensors_state: 'unhealthy',
        maintenance_mode: false,
        safety_state: 'unknown',
        operational_state: 'unknown',
        health_state: 'unknown',
        connectivity_state: 'unknown',
        abnormality_state: 'unknown',
        trend_state: 'unknown',
        metric_limits_state: 'unknown',
        metric_quality_state: 'unknown',
        data_quality_issues_state: 'unknown',
      });
    }
  });

  it('gives the states of the latest snapshot at or before the time', async () => {
    await addSnapshot('PZ-05', '2030-01-01T00:00:00.000Z', {
      safety_state: 'warning',
      safety_state_changed_at: '2030-01-01T00:00:00.000Z',
      device_state: 'ok',
      sensors_state: 'healthy',
      maintenance_mode: false,
    });
    await addSnapshot('PZ-05', '2030-01-02T00:00:00.000Z', {
      safety_state: 'critical',
      safety_state_changed_at: '2030-01-02T00:00:00.000Z',
      device_state: 'ok',
      sensors_state: 'healthy',
      maintenance_mode: true,
    });
    const before = await snapshotOf('instruments', 'PZ-05', '2029-12-31T23:59:59Z');
    expect(before.safety_state).toBe('unknown');
    expect(before.snapshot_created_at).not.toBeNull();
    expect(before.snapshot_created_at < '2029').toBe(true);

    const atFirst = await snapshotOf('instruments', 'PZ-05', '2030-01-01T00:00:00Z');
    expect(atFirst).toMatchObject({
      safety_state: 'warning',
      sensors_state: 'healthy',
      maintenance_mode: false,
      snapshot_created_at: '2030-01-01T00:00:00.000Z',
    });
    // States a snapshot does not hold read as unknown.
    expect(atFirst.health_state).toBe('unknown');

    const between = await snapshotOf('instruments', 'PZ-05', '2030-01-01T12:00:00+00:00');
    expect(between.safety_state).toBe('warning');
    const later = await snapshotOf('instruments', 'PZ-05', '2031-01-01T00:00:00Z');
    expect(later).toMatchObject({ safety_state: 'critical', maintenance_mode: true });
    expect(later.snapshot_created_at).toBe('2030-01-02T00:00:00.000Z');
    // The profile part is the device's.
    expect(later).toMatchObject({ eid: 'PZ-05', monitored_entity_type: 'instrument' });
    expect(later.scheme.name).toBe('VW piezometer');
  });

  it('takes now when no time is given', async () => {
    const id = await ids.entity('cerro-azul', 'DL-03');
    await t.call('PATCH', `${API}/interface-nodes/${id}`, { token: admin, body: { maintenance_mode: true } });
    const now = await snapshotOf('interface-nodes', 'DL-03');
    expect(now.maintenance_mode).toBe(true);
    expect(now.snapshot_id).toEqual(expect.any(String));
  });

  it('records each state-affecting change as a new snapshot', async () => {
    const id = await ids.entity('cerro-azul', 'VD-02');
    const count = async () =>
      (await t.db.selectFrom('entity_snapshots').select('id').where('entity_id', '=', id).execute()).length;
    expect(await count()).toBe(1);
    const patch = (body: object) => t.call('PATCH', `${API}/virtual-devices/${id}`, { token: admin, body });
    const beforeChange = new Date().toISOString();
    await patch({ turned_off: true });
    expect(await count()).toBe(2);
    await patch({ title: 'Embankment phreatic surface, section B (renamed)' });
    expect(await count()).toBe(2);
    await patch({ turned_off: false, maintenance_mode: true });
    expect(await count()).toBe(3);
    await t.call('POST', `${API}/virtual-devices/${id}/decommission`, { token: admin });
    expect(await count()).toBe(4);
    const latest = await snapshotOf('virtual-devices', 'VD-02');
    expect(latest).toMatchObject({ decommissioned: true, maintenance_mode: true, turned_off: false });
    const earlier = await snapshotOf('virtual-devices', 'VD-02', beforeChange);
    expect(earlier).toMatchObject({ decommissioned: false, maintenance_mode: false, turned_off: false });
  });

  it('keeps two changes made within one millisecond in order', async () => {
    const id = await ids.entity('cerro-azul', 'SC-02');
    const at = '2031-06-01T00:00:00.000Z';
    for (const safety_state of ['first', 'second', 'third'])
      await appendSnapshot(t.db, id, { ...DEFAULT_SNAPSHOT_STATES, safety_state }, at);
    expect((await snapshotOf('instruments', 'SC-02', '2031-06-02T00:00:00Z')).safety_state).toBe('third');
  });

  it('filters and pages like the device lists', async () => {
    const body = await snapshots('instruments', 'scheme.type=water_level&fields=eid,safety_state&ordering=eid');
    expect(body.objects).toEqual([
      { eid: 'WL-01', safety_state: 'unknown' },
      { eid: 'WL-02', safety_state: 'unknown' },
    ]);
    const paged = await snapshots('virtual-devices', 'paginate_by=1&page=2&ordering=eid&fields=eid');
    expect(paged).toMatchObject({ count: 3, page: 2, objects: [{ eid: 'VD-02' }] });
  });

  it('refuses a time that is not ISO-8601', async () => {
    const res = await t.call('GET', `${API}/snapshots/latest/instruments?snapshot_created_at.to_time=yesterday`, {
      token: admin,
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty(['snapshot_created_at.to_time']);
  });
});

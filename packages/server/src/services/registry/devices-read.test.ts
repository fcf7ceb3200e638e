import { TRACKED_STATES, VIBRATING_WIRE_FORMULAS } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, registryIds } from './test-fixtures.ts';

let t: TestApp;
let token: string;
let ids: ReturnType<typeof registryIds>;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  token = await t.login('operator');
});
afterAll(() => t.close());

const get = (path: string) => t.call('GET', `${API}/${path}`, { token });

const PROFILE_FIELDS = [
  'id',
  'title',
  'eid',
  'description',
  'monitored_entity_type',
  'scheme',
  'metric_limits',
  'attachments',
  'location',
  ...TRACKED_STATES.flatMap((s) => [s, `${s}_changed_at`]),
  'device_state',
  'sensors_state',
  'data_quality_issues_state',
  'maintenance_mode',
  'turned_off',
  'decommissioned',
  'latest_payload_received_at',
  'latest_payload_read_at',
  'contracted_sla_time',
  'asset_certificate',
  'labels',
  'user_metrics',
  'context',
  'interface_node',
  'instruments',
  'rules',
  'created_at',
  'updated_at',
];

describe('GET instruments, interface-nodes, virtual-devices', () => {
  it('lists each kind of the session’s project in the list shape', async () => {
    const counts: Record<string, number> = {};
    for (const kind of ['instruments', 'interface-nodes', 'virtual-devices']) {
      const res = await get(`${kind}?paginate_by=100&page=1`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['count', 'objects', 'page', 'paginate_by']);
      expect(res.body.objects).toHaveLength(res.body.count);
      counts[kind] = res.body.count;
    }
    expect(counts).toEqual({ instruments: 34, 'interface-nodes': 4, 'virtual-devices': 3 });
  });

  it('shows every field of the device profile (requirements#monitoring-entities)', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-10');
    const res = await get(`instruments/${id}`);
    expect(res.status).toBe(200);
    const profile = res.body;
    expect(Object.keys(profile).sort()).toEqual([...PROFILE_FIELDS].sort());
    expect(profile).toMatchObject({
      eid: 'PZ-10',
      monitored_entity_type: 'instrument',
      contracted_sla_time: 3600,
      safety_state: 'unknown',
      device_state: 'unknown',
      sensors_state: 'unhealthy',
      maintenance_mode: false,
      turned_off: false,
      decommissioned: false,
      latest_payload_received_at: null,
      attachments: [],
      instruments: [],
      interface_node: { id: await ids.entity('cerro-azul', 'DL-02'), eid: 'DL-02', title: 'DL-02 Section B logger' },
    });
    expect(profile.scheme.name).toBe('VW piezometer');
    expect(profile.scheme.type).toBe('phreatic_surface');
    expect(Object.keys(profile.scheme.spec.metrics).sort()).toEqual(
      ['calculated_metrics', 'context_metrics', 'invalid_metrics', 'raw_metrics', 'user_metrics'].sort(),
    );
    // a vibrating wire's digits and temperature in; the pressure through its calibration, then the level
    expect(profile.scheme.spec.metrics.invalid_metrics.map((m: any) => m.key)).toEqual([
      'reading',
      'temperature',
      'pressure',
      'piezometric_level',
    ]);
    expect(profile.scheme.spec.metrics.calculated_metrics[0]).toMatchObject({
      key: 'pressure',
      unit: 'kPa',
      formula: VIBRATING_WIRE_FORMULAS.linear,
    });
    expect(profile.scheme.spec.metrics.calculated_metrics[1]).toMatchObject({
      key: 'piezometric_level',
      unit: 'm',
      formula: 'tip_elevation + pressure / 9.8068',
    });
    expect(profile.context.tip_elevation).toBe(1138);
    expect(profile.location.type).toBe('Point');
    const [longitude, latitude] = profile.location.coordinates;
    expect(longitude).toBeCloseTo(-70.332, 1);
    expect(latitude).toBeCloseTo(-27.367, 1);
    expect(profile.rules.safety_state_rules[0]).toEqual({
      rule: 'piezometric_level > 1172.5',
      rule_description: expect.stringContaining('1172.5 m'),
      state: 'red',
      schedule: null,
      repeatability: 1,
    });
    expect(Object.keys(profile.rules).sort()).toEqual([
      'advanced_indicators',
      'connectivity_state_rules',
      'operational_state_rules',
      'safety_state_rules',
    ]);
  });

  it('gives effective limits: the scheme’s, replaced by the entity’s own of the same kind', async () => {
    const pz = (await get(`instruments/${await ids.entity('cerro-azul', 'PZ-10')}`)).body;
    expect(pz.metric_limits).toEqual([
      { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 1170.5 },
      { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 1172.5 },
    ]);
    const admin = await t.login('admin');
    const chain = await ids.entity('cerro-azul', 'IPI-02');
    const own = { group: 'calculated_metrics', metric: 'resultant', level: 'warning', bound: 'upper', value: 18 };
    const patched = await t.call('PATCH', `${API}/instruments/${chain}`, {
      token: admin,
      body: { metric_limits: [own] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.metric_limits).toEqual([
      { group: 'calculated_metrics', metric: 'resultant', level: 'critical', bound: 'upper', value: 40 },
      own,
    ]);
    expect(patched.body.scheme.spec.metric_limits).toHaveLength(2);
  });

  it('lists the instruments an interface node holds', async () => {
    const res = await get(`interface-nodes/${await ids.entity('cerro-azul', 'DL-04')}`);
    expect(res.body.interface_node).toBeNull();
    expect(res.body.instruments.map((i: any) => i.eid)).toEqual(['MET-01', 'WL-01', 'WL-02']);
    expect(Object.keys(res.body.instruments[0]).sort()).toEqual(['eid', 'id', 'title']);
  });

  it('answers 404 for an id of another kind or an unknown id', async () => {
    const logger = await ids.entity('cerro-azul', 'DL-01');
    expect((await get(`instruments/${logger}`)).status).toBe(404);
    expect((await get(`virtual-devices/${logger}`)).status).toBe(404);
    expect((await get(`interface-nodes/${logger}`)).status).toBe(200);
    const missing = await get('instruments/00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error_type).toBe('NotFound');
  });

  it('filters by eid, title, scheme type and id list', async () => {
    const eids = async (query: string) =>
      (await get(`instruments?paginate_by=100&ordering=eid&${query}`)).body.objects.map((o: any) => o.eid);
    expect(await eids('eid=PZ-03')).toEqual(['PZ-03']);
    expect(await eids('eid=PZ-03,SC-01')).toEqual(['PZ-03', 'SC-01']);
    expect(await eids('title=MET-01%20Crest%20weather%20station')).toEqual(['MET-01']);
    expect(await eids('scheme.type=displacement')).toEqual([
      'IPI-01',
      'IPI-02',
      'IPI-03',
      'IPI-04',
      'SC-01',
      'SC-02',
      'SC-03',
    ]);
    expect(await eids('scheme.type=water_level')).toEqual(['WL-01', 'WL-02']);
    expect(await eids('scheme.type=meteorological')).toEqual(['MET-01']);
    expect(await eids('scheme.type=phreatic_surface')).toHaveLength(24);
    const wanted = [await ids.entity('cerro-azul', 'PZ-01'), await ids.entity('cerro-azul', 'WL-02')];
    expect(await eids(`monitored_entity_ids=${wanted.join(',')}`)).toEqual(['PZ-01', 'WL-02']);
    expect(await eids(`monitored_entity_ids=${wanted[0]}&scheme.type=water_level`)).toEqual([]);
    expect(await eids('monitored_entity_ids=')).toEqual([]);
  });

  it('filters by decommissioned', async () => {
    const admin = await t.login('admin');
    const id = await ids.entity('cerro-azul', 'WL-02');
    expect((await t.call('POST', `${API}/instruments/${id}/decommission`, { token: admin })).status).toBe(200);
    const eids = async (flag: string) =>
      (await get(`instruments?paginate_by=100&decommissioned=${flag}`)).body.objects.map((o: any) => o.eid);
    expect(await eids('true')).toEqual(['WL-02']);
    expect(await eids('false')).not.toContain('WL-02');
    expect(await eids('false')).toHaveLength(33);
    expect((await get('instruments?decommissioned=maybe')).status).toBe(400);
  });

  it('selects fields, excludes fields, orders and pages', async () => {
    const first = await get('instruments?fields=eid,scheme.name&ordering=-eid&paginate_by=2&page=1');
    expect(first.body).toMatchObject({ count: 34, page: 1, paginate_by: 2 });
    expect(first.body.objects).toEqual([
      { eid: 'WL-02', scheme: { name: 'Pond level transducer' } },
      { eid: 'WL-01', scheme: { name: 'Pond level transducer' } },
    ]);
    const second = await get('instruments?fields=eid&ordering=-eid&paginate_by=2&page=2');
    expect(second.body.objects).toEqual([{ eid: 'SC-03' }, { eid: 'SC-02' }]);
    const trimmed = await get('interface-nodes?excluded_fields=scheme,rules&paginate_by=1');
    expect(trimmed.body.objects[0]).not.toHaveProperty('scheme');
    expect(trimmed.body.objects[0]).not.toHaveProperty('rules');
    expect(trimmed.body.objects[0]).toHaveProperty('eid');
    const one = await get(`instruments/${await ids.entity('cerro-azul', 'PZ-01')}?fields=id,eid,location`);
    expect(Object.keys(one.body).sort()).toEqual(['eid', 'id', 'location']);
  });

  it('refuses unknown filters and orderings', async () => {
    for (const query of [
      'colour=red',
      'ordering=scheme',
      'created_at.from_time=yesterday',
      'snapshot_created_at.to_time=2030-01-01T00:00:00Z',
    ]) {
      const res = await get(`instruments?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
    }
  });

  it('shows another project’s devices only after switching to it', async () => {
    const operator = await t.login('operator');
    await ids.switchTo(operator, 'ouse-embankment');
    const res = await t.call('GET', `${API}/instruments?paginate_by=100&ordering=eid`, { token: operator });
    expect(res.body.count).toBe(15);
    expect(res.body.objects.map((o: any) => o.eid)).toContain('RL-01');
    expect(res.body.objects.every((o: any) => o.location.coordinates[1] > 53.8)).toBe(true);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', `${API}/instruments`)).status).toBe(401);
  });
});

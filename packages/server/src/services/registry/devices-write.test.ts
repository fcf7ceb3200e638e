import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, piezometerBody, registryIds } from './test-fixtures.ts';

let t: TestApp;
let admin: string;
let ids: ReturnType<typeof registryIds>;
let piezometerScheme: string;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  admin = await t.login('admin');
  piezometerScheme = await ids.scheme('cerro-azul', 'VW piezometer');
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token = admin) => t.call('POST', `${API}/${path}`, { token, body });
const patch = (path: string, body: unknown, token = admin) => t.call('PATCH', `${API}/${path}`, { token, body });
const entityCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('monitored_entities')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const snapshotCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('entity_snapshots')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function expectValidation(res: { status: number; body: any }, field: string, text?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error_type).toBe('ValidationError');
  expect(res.body.details, JSON.stringify(res.body.details)).toHaveProperty([field]);
  if (text) expect(res.body.details[field].join(' ')).toMatch(text);
}

describe('POST instruments, interface-nodes, virtual-devices', () => {
  it('creates a piezometer with its first snapshot', async () => {
    const node = await ids.entity('cerro-azul', 'DL-01');
    const snapshotsBefore = await snapshotCount();
    const res = await post(
      'instruments',
      piezometerBody(piezometerScheme, {
        interface_node: node,
        labels: ['spillway'],
        asset_certificate: 'Calibration certificate VW-4500S-99',
        attachments: [
          {
            type: 'pdf',
            public_url: 'https://files.example.com/pz-99.pdf',
            label: 'Install',
            original_filename: 'pz-99.pdf',
          },
        ],
        rules: {
          safety_state_rules: [{ rule: 'piezometric_level > 1170', rule_description: 'Critical level' }],
          advanced_indicators: [{ name: 'Rapid rise', rule: 'piezometric_level - tip_elevation > 35' }],
        },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      eid: 'PZ-99',
      monitored_entity_type: 'instrument',
      location: { type: 'Point', coordinates: [-70.331, -27.366] },
      context: { tip_elevation: 1140 },
      contracted_sla_time: 3600,
      interface_node: { id: node, eid: 'DL-01' },
      labels: ['spillway'],
      decommissioned: false,
      safety_state: 'unknown',
      sensors_state: 'unhealthy',
      rules: {
        safety_state_rules: [{ rule: 'piezometric_level > 1170', rule_description: 'Critical level' }],
        operational_state_rules: [],
        connectivity_state_rules: [],
        advanced_indicators: [
          { name: 'Rapid rise', rule: 'piezometric_level - tip_elevation > 35', rule_execution_id: null },
        ],
      },
    });
    expect(res.body.scheme.id).toBe(piezometerScheme);
    expect(await snapshotCount()).toBe(snapshotsBefore + 1);
    const read = await t.call('GET', `${API}/instruments/${res.body.id}`, { token: admin });
    expect(read.body).toEqual(res.body);
    const logger = await t.call('GET', `${API}/interface-nodes/${node}`, { token: admin });
    expect(logger.body.instruments.map((i: any) => i.eid)).toContain('PZ-99');
    // Ingest finds the device by eid in the same project.
    const row = await t.db
      .selectFrom('monitored_entities')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      eid: 'PZ-99',
      scheme_id: piezometerScheme,
      project_id: await ids.project('cerro-azul'),
    });
    expect(JSON.parse(row.context)).toEqual({ tip_elevation: 1140 });
  });

  it('creates interface nodes and virtual devices with defaults', async () => {
    const logger = await post('interface-nodes', {
      eid: 'DL-09',
      title: 'DL-09 Spillway logger',
      scheme: await ids.scheme('cerro-azul', 'Data logger'),
    });
    expect(logger.status).toBe(201);
    expect(logger.body).toMatchObject({
      monitored_entity_type: 'interface-node',
      description: '',
      location: null,
      contracted_sla_time: 3600,
      context: {},
      labels: [],
      instruments: [],
      asset_certificate: null,
    });
    const virtual = await post('virtual-devices', {
      eid: 'VD-09',
      title: 'Spillway phreatic surface',
      scheme: await ids.scheme('cerro-azul', 'Phreatic surface section'),
      context: { crest_elevation: 1180 },
      contracted_sla_time: 7200,
    });
    expect(virtual.status).toBe(201);
    expect(virtual.body.monitored_entity_type).toBe('virtual-device');
  });

  it('refuses a duplicate eid in the project with 409', async () => {
    const before = await entityCount();
    const res = await post('instruments', piezometerBody(piezometerScheme, { eid: 'PZ-01' }));
    expect(res.status).toBe(409);
    expect(res.body.error_type).toBe('Conflict');
    expect(res.body.details).toHaveProperty('eid');
    expect(await entityCount()).toBe(before);
  });

  it('allows the same eid in another project', async () => {
    await ids.switchTo(admin, 'ouse-embankment');
    try {
      const scheme = await ids.scheme('ouse-embankment', 'VW piezometer');
      const res = await post('instruments', piezometerBody(scheme, { eid: 'PZ-99', context: { tip_elevation: 2 } }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    } finally {
      await ids.switchTo(admin, 'cerro-azul');
    }
  });

  it('refuses another project’s scheme and interface node', async () => {
    const before = [await entityCount(), await snapshotCount()];
    const ouseScheme = await ids.scheme('ouse-embankment', 'VW piezometer');
    expectValidation(
      await post('instruments', piezometerBody(ouseScheme, { eid: 'PZ-98' })),
      'scheme',
      /Unknown scheme/,
    );
    const ouseLogger = await ids.entity('ouse-embankment', 'DL-01');
    expectValidation(
      await post('instruments', piezometerBody(piezometerScheme, { eid: 'PZ-98', interface_node: ouseLogger })),
      'interface_node',
    );
    expect([await entityCount(), await snapshotCount()]).toEqual(before);
  });

  it('refuses an interface node that is not one, and on devices other than instruments', async () => {
    const pz = await ids.entity('cerro-azul', 'PZ-01');
    expectValidation(
      await post('instruments', piezometerBody(piezometerScheme, { eid: 'PZ-98', interface_node: pz })),
      'interface_node',
      /Unknown interface node/,
    );
    const logger = await ids.entity('cerro-azul', 'DL-01');
    expectValidation(
      await post('virtual-devices', {
        eid: 'VD-98',
        title: 'x',
        scheme: await ids.scheme('cerro-azul', 'Phreatic surface section'),
        interface_node: logger,
      }),
      'interface_node',
      /Only instruments/,
    );
  });

  it('refuses limits and context values of metrics the scheme does not declare', async () => {
    const unknownLimit = piezometerBody(piezometerScheme, {
      eid: 'PZ-98',
      // the piezometers send digits: pressure is calculated, no raw metric
      metric_limits: [{ group: 'raw_metrics', metric: 'pressure', level: 'warning', bound: 'upper', value: 1 }],
    });
    expectValidation(await post('instruments', unknownLimit), 'metric_limits.0.metric', /raw_metrics\.pressure/);
    expectValidation(
      await post('instruments', piezometerBody(piezometerScheme, { eid: 'PZ-98', context: { sensor_depth: 4 } })),
      'context.sensor_depth',
    );
    expectValidation(
      await post('instruments', piezometerBody(piezometerScheme, { eid: 'PZ-98', user_metrics: { colour: 'red' } })),
      'user_metrics.colour',
    );
  });

  it('refuses rules that do not parse, naming the field', async () => {
    const res = await post(
      'instruments',
      piezometerBody(piezometerScheme, {
        eid: 'PZ-98',
        rules: { safety_state_rules: [{ rule: 'piezometric_level >', rule_description: 'broken' }] },
      }),
    );
    expectValidation(res, 'rules.safety_state_rules.0.rule', /does not parse/);
    const call = await post(
      'instruments',
      piezometerBody(piezometerScheme, {
        eid: 'PZ-98',
        rules: { connectivity_state_rules: [{ rule: 'process.exit(1)', rule_description: '' }] },
      }),
    );
    expectValidation(call, 'rules.connectivity_state_rules.0.rule');
  });

  it('refuses malformed fields', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ eid: 'has space' }, 'eid'],
      [{ eid: '' }, 'eid'],
      [{ title: '   ' }, 'title'],
      [{ location: { type: 'Point', coordinates: [-27.3, -170.3] } }, 'location.coordinates.1'],
      [{ location: { type: 'Polygon', coordinates: [0, 0] } }, 'location.type'],
      [{ contracted_sla_time: 0 }, 'contracted_sla_time'],
      [{ contracted_sla_time: 90.5 }, 'contracted_sla_time'],
      [{ context: { tip_elevation: 'high' } }, 'context.tip_elevation'],
      [{ scheme: undefined }, 'scheme'],
      [{ decommissioned: true }, 'decommissioned'],
    ];
    for (const [override, field] of cases) {
      expectValidation(
        await post('instruments', piezometerBody(piezometerScheme, { eid: 'PZ-98', ...override })),
        field,
      );
    }
  });

  it('is written by administrators and managers; operators read', async () => {
    const operator = await t.login('operator');
    const res = await post('instruments', piezometerBody(piezometerScheme, { eid: 'PZ-97' }), operator);
    expect(res.status).toBe(403);
    expect(res.body.error_type).toBe('Forbidden');
    const id = await ids.entity('cerro-azul', 'PZ-02');
    expect((await patch(`instruments/${id}`, { title: 'x' }, operator)).status).toBe(403);
    expect((await post(`instruments/${id}/decommission`, undefined, operator)).status).toBe(403);
    expect(await t.db.selectFrom('monitored_entities').select('id').where('eid', '=', 'PZ-97').execute()).toEqual([]);
    const manager = await t.login('manager');
    const created = await post('instruments', piezometerBody(piezometerScheme, { eid: 'PZ-97' }), manager);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await patch(`instruments/${created.body.id}`, { title: 'PZ-97 by the manager' }, manager)).status).toBe(
      200,
    );
  });
});

describe('PATCH {kind}/{id}', () => {
  it('changes only the fields sent', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-03');
    const before = (await t.call('GET', `${API}/instruments/${id}`, { token: admin })).body;
    const res = await patch(`instruments/${id}`, {
      title: 'PZ-03 Crest axis (replaced 2026)',
      location: { type: 'Point', coordinates: [-70.3351, -27.3652] },
      context: { tip_elevation: 1136.8 },
      contracted_sla_time: 1800,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      title: 'PZ-03 Crest axis (replaced 2026)',
      location: { coordinates: [-70.3351, -27.3652] },
      context: { tip_elevation: 1136.8 },
      contracted_sla_time: 1800,
      eid: before.eid,
      description: before.description,
      rules: before.rules,
      interface_node: before.interface_node,
    });
    expect(res.body.updated_at > before.updated_at).toBe(true);
    const cleared = await patch(`instruments/${id}`, { location: null, interface_node: null });
    expect(cleared.body).toMatchObject({ location: null, interface_node: null });
  });

  it('refuses an eid that another device has, and accepts its own', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-04');
    expect((await patch(`instruments/${id}`, { eid: 'PZ-05' })).status).toBe(409);
    expect((await patch(`instruments/${id}`, { eid: 'PZ-04' })).status).toBe(200);
  });

  it('checks the device against a new scheme', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-06');
    const res = await patch(`instruments/${id}`, { scheme: await ids.scheme('cerro-azul', 'Data logger') });
    expectValidation(res, 'context.tip_elevation');
    expect(res.body.details).toHaveProperty(['metric_limits.0.metric']);
    const ok = await patch(`instruments/${id}`, {
      scheme: await ids.scheme('cerro-azul', 'Data logger'),
      context: {},
      metric_limits: [],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.scheme.name).toBe('Data logger');
  });

  it('keeps an advanced indicator’s latest execution while its rule is unchanged', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-07');
    const indicator = { name: 'Rapid rise', rule: 'piezometric_level > 1150' };
    await patch(`instruments/${id}`, { rules: { advanced_indicators: [indicator] } });
    const row = await t.db
      .selectFrom('monitored_entities')
      .select('rules')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rules = JSON.parse(row.rules);
    rules.advanced_indicators[0].rule_execution_id = 'execution-1';
    await t.db
      .updateTable('monitored_entities')
      .set({ rules: JSON.stringify(rules) })
      .where('id', '=', id)
      .execute();
    const same = await patch(`instruments/${id}`, { rules: { advanced_indicators: [indicator] } });
    expect(same.body.rules.advanced_indicators[0].rule_execution_id).toBe('execution-1');
    const changed = await patch(`instruments/${id}`, {
      rules: { advanced_indicators: [{ ...indicator, rule: 'piezometric_level > 1155' }] },
    });
    expect(changed.body.rules.advanced_indicators[0].rule_execution_id).toBeNull();
  });

  it('answers 404 for a device of another kind', async () => {
    const logger = await ids.entity('cerro-azul', 'DL-02');
    expect((await patch(`instruments/${logger}`, { title: 'x' })).status).toBe(404);
  });
});

describe('POST {kind}/{id}/decommission', () => {
  it('marks the device decommissioned and keeps its history', async () => {
    const id = await ids.entity('cerro-azul', 'IPI-03');
    const points = await t.db.selectFrom('data_points').select('id').where('entity_id', '=', id).execute();
    const res = await post(`instruments/${id}/decommission`, undefined);
    expect(res.status).toBe(200);
    expect(res.body.decommissioned).toBe(true);
    expect(await t.db.selectFrom('data_points').select('id').where('entity_id', '=', id).execute()).toHaveLength(
      points.length,
    );
    const snapshots = await t.db.selectFrom('entity_snapshots').select('id').where('entity_id', '=', id).execute();
    expect(snapshots).toHaveLength(2);
    const again = await post(`instruments/${id}/decommission`, undefined);
    expect(again.status).toBe(200);
    expect(await t.db.selectFrom('entity_snapshots').select('id').where('entity_id', '=', id).execute()).toHaveLength(
      2,
    );
    expect((await t.call('GET', `${API}/instruments/${id}`, { token: admin })).body.decommissioned).toBe(true);
  });
});

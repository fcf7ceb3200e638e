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

const post = (body: unknown, token = admin) => t.call('POST', `${API}/schemes`, { token, body });
const schemeCount = async () => (await t.db.selectFrom('schemes').select('id').execute()).length;

function tiltmeter(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Biaxial tiltmeter',
    type: 'displacement',
    spec: {
      metrics: {
        raw_metrics: [
          { key: 'tilt_a', label: 'Tilt A', unit: '°' },
          { key: 'tilt_b', label: 'Tilt B', unit: '°' },
        ],
        calculated_metrics: [
          { key: 'tilt', label: 'Resultant tilt', unit: '°', formula: 'sqrt(tilt_a ** 2 + tilt_b ** 2)' },
        ],
        context_metrics: [{ key: 'install_azimuth', label: 'Azimuth of A+', unit: '°' }],
      },
      metric_limits: [{ group: 'calculated_metrics', metric: 'tilt', level: 'warning', bound: 'upper', value: 0.5 }],
      invalid_bounds: [{ group: 'raw_metrics', metric: 'tilt_a', bound: 'upper', value: 10 }],
      ...overrides,
    },
  };
}

function expectValidation(res: { status: number; body: any }, field: string, text?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error_type).toBe('ValidationError');
  expect(res.body.details, JSON.stringify(res.body.details)).toHaveProperty([field]);
  if (text) expect(res.body.details[field].join(' ')).toMatch(text);
}

describe('schemes', () => {
  it('lists the project’s schemes by name', async () => {
    const res = await t.call('GET', `${API}/schemes?fields=name,type`, { token: await t.login('operator') });
    expect(res.status).toBe(200);
    expect(res.body.objects).toEqual([
      { name: 'Automatic weather station', type: 'meteorological' },
      { name: 'Data logger', type: 'standard' },
      { name: 'In-place inclinometer chain', type: 'displacement' },
      { name: 'Phreatic surface section', type: 'phreatic_surface' },
      { name: 'Pond level transducer', type: 'water_level' },
      { name: 'VW piezometer', type: 'phreatic_surface' },
      { name: 'VW settlement cell', type: 'displacement' },
    ]);
    const water = await t.call('GET', `${API}/schemes?type=water_level&fields=name`, { token: admin });
    expect(water.body.objects).toEqual([{ name: 'Pond level transducer' }]);
  });

  it('creates a scheme whose spec is valid', async () => {
    const res = await post(tiltmeter());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Biaxial tiltmeter', type: 'displacement' });
    expect(res.body.spec.metrics.user_metrics).toEqual([]);
    expect(res.body.spec.metrics.invalid_metrics.map((m: any) => m.key)).toEqual(['tilt_a', 'tilt_b', 'tilt']);
    const read = await t.call('GET', `${API}/schemes/${res.body.id}`, { token: admin });
    expect(read.body).toEqual(res.body);
    // Ingest reads the spec straight from the table.
    const row = await t.db.selectFrom('schemes').select('spec').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.spec).metrics.calculated_metrics[0].formula).toBe('sqrt(tilt_a ** 2 + tilt_b ** 2)');
  });

  it('refuses a formula that does not parse, naming its path', async () => {
    const before = await schemeCount();
    const res = await post(
      tiltmeter({
        metrics: {
          raw_metrics: [{ key: 'tilt_a', label: 'Tilt A', unit: '°' }],
          calculated_metrics: [{ key: 'tilt', label: 'Tilt', unit: '°', formula: 'sqrt(tilt_a ** 2' }],
        },
        metric_limits: [],
        invalid_bounds: [],
      }),
    );
    expectValidation(res, 'spec.metrics.calculated_metrics.0.formula', /does not parse/);
    expect(await schemeCount()).toBe(before);
  });

  it('refuses a formula that reads an undeclared metric or a later one', async () => {
    const res = await post(
      tiltmeter({
        metrics: {
          raw_metrics: [{ key: 'tilt_a', label: 'Tilt A', unit: '°' }],
          calculated_metrics: [
            { key: 'first', label: 'First', unit: '°', formula: 'second * 2' },
            { key: 'second', label: 'Second', unit: '°', formula: 'tilt_a + tilt_z' },
          ],
        },
        metric_limits: [],
        invalid_bounds: [],
      }),
    );
    expectValidation(res, 'spec.metrics.calculated_metrics.0.formula', /second/);
    expectValidation(res, 'spec.metrics.calculated_metrics.1.formula', /tilt_z/);
  });

  it('refuses limits and invalid bounds of metrics it does not declare', async () => {
    const res = await post(
      tiltmeter({
        metric_limits: [{ group: 'raw_metrics', metric: 'tilt', level: 'critical', bound: 'upper', value: 1 }],
        invalid_bounds: [{ group: 'raw_metrics', metric: 'tilt_c', bound: 'lower', value: -10 }],
      }),
    );
    expectValidation(res, 'spec.metric_limits.0.metric', /raw_metrics\.tilt/);
    expectValidation(res, 'spec.invalid_bounds.0.metric', /tilt_c/);
  });

  it('refuses duplicate metric keys, unknown types and unknown fields', async () => {
    const duplicate = await post(
      tiltmeter({
        metrics: {
          raw_metrics: [{ key: 'tilt_a', label: 'Tilt A', unit: '°' }],
          context_metrics: [{ key: 'tilt_a', label: 'Again', unit: '°' }],
        },
        metric_limits: [],
        invalid_bounds: [],
      }),
    );
    expectValidation(duplicate, 'spec.metrics.context_metrics.0.key', /Duplicate/);
    expectValidation(await post({ ...tiltmeter(), type: 'seismic' }), 'type');
    expectValidation(await post({ ...tiltmeter(), colour: 'red' }), 'colour');
    expectValidation(await post({ ...tiltmeter(), name: '' }), 'name');
  });

  it('refuses a name the project already uses with 409', async () => {
    const res = await post({ ...tiltmeter(), name: 'VW piezometer' });
    expect(res.status).toBe(409);
    expect(res.body.details).toHaveProperty('name');
  });

  it('is written by administrators and managers; operators read', async () => {
    const before = await schemeCount();
    const operator = await t.login('operator');
    const id = await ids.scheme('cerro-azul', 'Data logger');
    expect((await post({ ...tiltmeter(), name: 'By operator' }, operator)).status).toBe(403);
    expect((await t.call('PATCH', `${API}/schemes/${id}`, { token: operator, body: { name: 'x' } })).status).toBe(403);
    expect(await schemeCount()).toBe(before);
    const manager = await t.login('manager');
    expect((await post({ ...tiltmeter(), name: 'By manager' }, manager)).status).toBe(201);
    expect(await schemeCount()).toBe(before + 1);
  });

  it('patches name, type and spec', async () => {
    const id = await ids.scheme('cerro-azul', 'Data logger');
    const res = await t.call('PATCH', `${API}/schemes/${id}`, { token: admin, body: { name: 'Solar data logger' } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Solar data logger');
    const logger = await t.call('GET', `${API}/interface-nodes?eid=DL-01&fields=scheme.name`, { token: admin });
    expect(logger.body.objects[0].scheme.name).toBe('Solar data logger');
    const taken = await t.call('PATCH', `${API}/schemes/${id}`, { token: admin, body: { name: 'VW piezometer' } });
    expect(taken.status).toBe(409);
  });

  it('refuses a new spec that drops metrics its devices use', async () => {
    const id = await ids.scheme('cerro-azul', 'VW piezometer');
    const res = await t.call('PATCH', `${API}/schemes/${id}`, {
      token: admin,
      body: {
        spec: {
          metrics: { raw_metrics: [{ key: 'pressure', label: 'Pressure', unit: 'kPa' }] },
        },
      },
    });
    expectValidation(res, 'spec', /PZ-01: Unknown context metric tip_elevation/);
    const unchanged = await t.call('GET', `${API}/schemes/${id}`, { token: admin });
    expect(unchanged.body.spec.metrics.context_metrics).toHaveLength(1);
  });

  it('answers 404 for another project’s scheme', async () => {
    const ouse = await ids.scheme('ouse-embankment', 'River level gauge');
    expect((await t.call('GET', `${API}/schemes/${ouse}`, { token: admin })).status).toBe(404);
    expect((await t.call('PATCH', `${API}/schemes/${ouse}`, { token: admin, body: { name: 'x' } })).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, createPressureScheme, piezometerBody, registryIds } from './test-fixtures.ts';

// Issue 31: a change to a scheme says how many devices it affects before saving; calculated metrics
// are checked as they are typed and previewed on the device's last 20 readings.

let t: TestApp;
let admin: string;
let operator: string;
let ids: ReturnType<typeof registryIds>;
let scheme: string;
let device: string;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  [admin, operator] = await Promise.all([t.login('admin'), t.login('operator')]);
  // a scheme of its own: the demo's piezometers send digits, these readings a pressure
  scheme = await createPressureScheme(t, admin);
  const created = await t.call('POST', `${API}/instruments`, {
    token: admin,
    body: piezometerBody(scheme, { eid: 'PZ-P1', context: { tip_elevation: 1100 } }),
  });
  device = created.body.id;
  // 25 readings, one an hour; the last has no temperature.
  const payloads = Array.from({ length: 25 }, (_, i) => ({
    eid: 'PZ-P1',
    read_at: new Date(Date.UTC(2026, 10, 20, i)).toISOString(),
    raw_metrics: i === 24 ? { pressure: 98.1 } : { pressure: 9.81 * i, temperature: 12 },
  }));
  const sent = await t.call('POST', '/ingest/api/v1/payloads', { token: admin, body: payloads });
  expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
});
afterAll(() => t.close());

const preview = (body: unknown, token = admin) => t.call('POST', `${API}/schemes/preview`, { token, body });
const metric = (key: string, formula: string) => ({ key, label: key, unit: 'm', formula });

describe('GET schemes/{id}/usage', () => {
  it('counts the devices a change of the scheme affects, by type', async () => {
    const before = (await t.call('GET', `${API}/schemes/${scheme}/usage`, { token: operator })).body;
    expect(before.devices).toBe(before.instruments + before.interface_nodes + before.virtual_devices);
    expect(before.instruments).toBeGreaterThan(0);
    const count = await t.db.selectFrom('monitored_entities').select('id').where('scheme_id', '=', scheme).execute();
    expect(before.devices).toBe(count.length);
  });

  it('answers 404 for another project’s scheme', async () => {
    const ouse = await ids.scheme('ouse-embankment', 'VW piezometer');
    expect((await t.call('GET', `${API}/schemes/${ouse}/usage`, { token: admin })).status).toBe(404);
  });
});

describe('POST schemes/preview', () => {
  it('evaluates the edited formulas on the device’s last 20 readings, newest first, with the ingest evaluator', async () => {
    const res = await preview({
      device_id: device,
      spec: {
        metrics: {
          calculated_metrics: [
            metric('head', 'pressure / 9.81'),
            metric('level', 'tip_elevation + head'),
            metric('warm', 'temperature + 1'),
          ],
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.objects).toHaveLength(20);
    const [newest, next] = res.body.objects;
    expect(newest.read_at).toBe('2026-11-21T00:00:00.000Z');
    expect(newest.raw_metrics).toEqual({ pressure: 98.1 });
    expect(Object.keys(newest.calculated_metrics)).toEqual(['head', 'level']);
    expect(newest.calculated_metrics.head).toBeCloseTo(10);
    expect(newest.calculated_metrics.level).toBeCloseTo(1110);
    expect(newest.errors).toEqual({ warm: 'No value for temperature' });
    expect(next.calculated_metrics.level).toBeCloseTo(1123);
    expect(next.calculated_metrics.warm).toBe(13);
    expect(next.errors).toEqual({});
  });

  it('refuses a formula that does not parse, naming the metric and the parse error, as saving does', async () => {
    const bad = { metrics: { raw_metrics: [], calculated_metrics: [metric('level', 'tip_elevation + (pressure')] } };
    const res = await preview({ device_id: device, spec: bad });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
    const messages = res.body.details['spec.metrics.calculated_metrics.0.formula'];
    expect(messages.join(' ')).toMatch(/^Formula of level does not parse: /);
    const saved = await t.call('PATCH', `${API}/schemes/${scheme}`, { token: admin, body: { spec: bad } });
    expect(saved.status).toBe(400);
    expect(saved.body.details['spec.metrics.calculated_metrics.0.formula'].join(' ')).toMatch(/Formula of level/);
  });

  it('is for administrators and managers, on the project’s devices', async () => {
    const spec = { metrics: { calculated_metrics: [metric('head', 'pressure / 9.81')] } };
    expect((await preview({ device_id: device, spec }, operator)).status).toBe(403);
    const ouse = await ids.entity('ouse-embankment', 'PZ-02');
    expect((await preview({ device_id: ouse, spec })).status).toBe(404);
  });
});

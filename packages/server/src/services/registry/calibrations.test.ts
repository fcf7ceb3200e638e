import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { pngImage, uploadFile } from '../media/test-fixtures.ts';
import { VW_SCHEME } from './calibration-fixtures.ts';
import { API, piezometerBody, registryIds } from './test-fixtures.ts';
import { storedReadingAt } from '../../test-support/stored-readings.ts';

// requirements#site-contracts and issue 34: an instrument's dated calibrations, read by the scheme's formulas as
// `cal.<name>`; a reading uses the calibration in effect at its read_at.

let t: TestApp;
let admin: string;
let manager: string;
let operator: string;
let ids: ReturnType<typeof registryIds>;
let instrument: string;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  [admin, manager, operator] = await Promise.all([t.login('admin'), t.login('manager'), t.login('operator')]);
  const scheme = await call('POST', 'schemes', { ...VW_SCHEME, name: 'VW piezometer (digits)' });
  expect(scheme.status, JSON.stringify(scheme.body)).toBe(201);
  const created = await call(
    'POST',
    'instruments',
    piezometerBody(scheme.body.id, { eid: 'PZ-CAL', metric_limits: [], rules: {} }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  instrument = created.body.id;
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, token = admin) =>
  t.call(method, `${API}/${path}`, { token, body });
const calibrations = (path = '') => `instruments/${instrument}/calibrations${path}`;
const factory = { G: -0.1557, R0: 8000, K: 0.1319, T0: 22 };

async function ingest(readAt: string, raw: Record<string, number>) {
  const res = await t.call('POST', '/ingest/api/v1/payloads', {
    token: admin,
    body: { eid: 'PZ-CAL', read_at: readAt, raw_metrics: raw },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = await storedReadingAt(t.db, instrument, new Date(readAt).toISOString());
  if (!row) throw new Error('no reading stored');
  return row.metrics;
}

describe('calibrations of an instrument', () => {
  it('are added by curators, listed to members newest first, and kept in the instrument’s history', async () => {
    const first = await call('POST', calibrations(), {
      effective_from: '2026-01-01T00:00:00Z',
      factors: factory,
      serial_number: 'VW-1001',
      notes: 'Factory sheet',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      effective_from: '2026-01-01T00:00:00.000Z',
      factors: factory,
      serial_number: 'VW-1001',
      certificate_file_id: null,
      notes: 'Factory sheet',
      created_by: 'admin',
    });
    const rezero = await call(
      'POST',
      calibrations(),
      { effective_from: '2026-06-01T02:00:00+02:00', factors: { ...factory, R0: 8100 } },
      manager,
    );
    expect(rezero.status, JSON.stringify(rezero.body)).toBe(201);
    expect(rezero.body.effective_from).toBe('2026-06-01T00:00:00.000Z');

    const list = await call('GET', calibrations(), undefined, operator);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, page: 1 });
    expect(list.body.objects.map((c: { id: string }) => c.id)).toEqual([rezero.body.id, first.body.id]);

    const patched = await call('PATCH', calibrations(`/${rezero.body.id}`), { notes: 'Re-zeroed after maintenance' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ notes: 'Re-zeroed after maintenance', factors: { R0: 8100 } });

    const history = await call('GET', `instruments/${instrument}/history`, undefined, operator);
    const [change, added] = history.body.objects;
    expect(change).toMatchObject({
      action: 'updated',
      changed_by: 'admin',
      fields: {
        [`calibrations.${rezero.body.id}`]: {
          old: { notes: '', factors: { R0: 8100 } },
          new: { notes: 'Re-zeroed after maintenance', effective_from: '2026-06-01T00:00:00.000Z' },
        },
      },
    });
    expect(added).toMatchObject({
      changed_by: 'manager',
      fields: { [`calibrations.${rezero.body.id}`]: { old: null, new: { serial_number: '' } } },
    });
  });

  it('uses at each read_at the calibration in effect then', async () => {
    // before the first calibration: no number, a reason
    const before = await ingest('2025-12-31T23:00:00Z', { reading: 7000, temperature: 22 });
    expect(before.calculated_metrics).toEqual({});
    expect(before.invalid_reasons).toEqual({ pressure: 'No calibration in effect at read_at' });

    const factorySheet = await ingest('2026-03-01T00:00:00Z', { reading: 7000, temperature: 15 });
    const p1 = -0.1557 * (7000 - 8000) + 0.1319 * (15 - 22);
    expect(factorySheet.calculated_metrics.pressure).toBeCloseTo(p1, 9);
    expect(factorySheet.calculated_metrics.piezometric_level).toBeCloseTo(1140 + p1 / 9.8068, 9);

    const atChange = await ingest('2026-06-01T00:00:00Z', { reading: 7000, temperature: 22 });
    expect(atChange.calculated_metrics.pressure).toBeCloseTo(-0.1557 * (7000 - 8100), 9);
    expect(atChange.raw_metrics).toEqual({ reading: 7000, temperature: 22 });
  });

  it('applies a calibration effective in the future once it is due, not before', async () => {
    const soon = new Date(Date.now() + 60_000);
    const res = await call('POST', calibrations(), {
      effective_from: soon.toISOString(),
      factors: { ...factory, R0: 9000 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const now = await ingest(new Date(soon.getTime() - 30_000).toISOString(), { reading: 7000, temperature: 22 });
    expect(now.calculated_metrics.pressure).toBeCloseTo(-0.1557 * (7000 - 8100), 9);
    const due = await ingest(new Date(soon.getTime() + 60_000).toISOString(), { reading: 7000, temperature: 22 });
    expect(due.calculated_metrics.pressure).toBeCloseTo(-0.1557 * (7000 - 9000), 9);
    expect((await call('DELETE', calibrations(`/${res.body.id}`))).status).toBe(204);
  });

  it('sets a formula aside with a reason when the calibration in effect lacks a factor it reads', async () => {
    const { K: _, ...withoutK } = factory;
    const res = await call('POST', calibrations(), { effective_from: '2026-08-01T00:00:00Z', factors: withoutK });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const metrics = await ingest('2026-08-02T00:00:00Z', { reading: 7000, temperature: 22 });
    expect(metrics.calculated_metrics).toEqual({});
    expect(metrics.invalid_reasons).toEqual({ pressure: 'The calibration in effect has no factor cal.K' });

    const read = await t.call(
      'GET',
      `/metrics-provider/api/v1/metrics/?monitored_entity_ids=${instrument}&read_at.from_time=2026-08-02T00:00:00Z&read_at.to_time=2026-08-02T00:00:00Z`,
      { token: operator },
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.objects).toEqual([
      expect.objectContaining({
        read_at: '2026-08-02T00:00:00.000Z',
        raw_metrics: { reading: 7000, temperature: 22 },
        calculated_metrics: {},
        invalid_reasons: { pressure: 'The calibration in effect has no factor cal.K' },
      }),
    ]);
  });

  it('refuses a second calibration at the same instant with 409', async () => {
    const res = await call('POST', calibrations(), { effective_from: '2026-01-01T01:00:00+01:00', factors: factory });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error_type: 'Conflict',
      message: expect.stringMatching(/already has a calibration/),
    });
    const list = await call('GET', calibrations());
    const other = list.body.objects.find(
      (c: { effective_from: string }) => c.effective_from !== '2026-01-01T00:00:00.000Z',
    );
    const moved = await call('PATCH', calibrations(`/${other.id}`), { effective_from: '2026-01-01T00:00:00Z' });
    expect(moved.status).toBe(409);
  });

  it('refuses factors that are not finite numbers, and unknown certificates, with 400', async () => {
    const post = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/${calibrations()}`,
        headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' },
        payload: body as string,
      });
    const infinite = await post('{"effective_from": "2026-09-01T00:00:00Z", "factors": {"G": 1e999}}');
    expect(infinite.statusCode).toBe(400);
    expect(JSON.parse(infinite.body).details).toHaveProperty(['factors.G']);
    const text = await call('POST', calibrations(), { effective_from: '2026-09-01T00:00:00Z', factors: { G: 'NaN' } });
    expect(text.status).toBe(400);
    const name = await call('POST', calibrations(), { effective_from: '2026-09-01T00:00:00Z', factors: { 'G;': 1 } });
    expect(name.status).toBe(400);
    const certificate = await call('POST', calibrations(), {
      effective_from: '2026-09-01T00:00:00Z',
      factors: factory,
      certificate_file_id: 'no-such-file',
    });
    expect(certificate.status).toBe(400);
    expect(certificate.body.details).toHaveProperty('certificate_file_id');
  });

  it('keeps a certificate that is an uploaded media file of the project', async () => {
    const file = await uploadFile(t, admin, 'vw-1001-sheet.png', 'image/png', await pngImage(16, 16));
    const res = await call('POST', calibrations(), {
      effective_from: '2026-02-01T00:00:00Z',
      factors: factory,
      certificate_file_id: file.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.certificate_file_id).toBe(file.id);
    expect((await call('DELETE', calibrations(`/${res.body.id}`))).status).toBe(204);
  });

  it('lets operators read but not write, and hides other projects’ instruments', async () => {
    const list = await call('GET', calibrations());
    const id = list.body.objects[0].id;
    expect(
      (await call('POST', calibrations(), { effective_from: '2027-01-01T00:00:00Z', factors: {} }, operator)).status,
    ).toBe(403);
    expect((await call('PATCH', calibrations(`/${id}`), { notes: 'x' }, operator)).status).toBe(403);
    expect((await call('DELETE', calibrations(`/${id}`), undefined, operator)).status).toBe(403);

    const other = await t.login('admin');
    await ids.switchTo(other, 'ouse-embankment');
    expect((await call('GET', calibrations(), undefined, other)).status).toBe(404);
    expect((await call('PATCH', calibrations(`/${id}`), { notes: 'x' }, other)).status).toBe(404);
    expect((await call('DELETE', calibrations(`/${id}`), undefined, other)).status).toBe(404);
    expect((await call('GET', calibrations())).body.count).toBe(list.body.count);
  });

  it('are listed for several instruments in one call, each naming its instrument, to members of the project only', async () => {
    const own = await call('GET', calibrations());
    const scheme = await call('GET', 'schemes?name=VW piezometer (digits)&fields=id');
    const second = await call(
      'POST',
      'instruments',
      piezometerBody(scheme.body.objects[0].id, { eid: 'PZ-CAL-2', metric_limits: [], rules: {} }),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const added = await call('POST', `instruments/${second.body.id}/calibrations`, {
      effective_from: '2026-03-01T00:00:00Z',
      factors: factory,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    const both = await call(
      'GET',
      `calibrations?monitored_entity_id=${instrument},${second.body.id}`,
      undefined,
      operator,
    );
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.count).toBe(own.body.count + 1);
    const of = (c: { monitored_entity_id: string }) => c.monitored_entity_id;
    expect(both.body.objects.filter((c: { monitored_entity_id: string }) => of(c) === second.body.id)).toEqual([
      expect.objectContaining({ id: added.body.id, effective_from: '2026-03-01T00:00:00.000Z' }),
    ]);
    expect(both.body.objects.filter((c: { monitored_entity_id: string }) => of(c) === instrument)).toHaveLength(
      own.body.count,
    );
    const one = await call('GET', `calibrations?monitored_entity_id=${second.body.id}`, undefined, operator);
    expect(one.body.objects.map((c: { id: string }) => c.id)).toEqual([added.body.id]);

    const other = await t.login('admin');
    await ids.switchTo(other, 'ouse-embankment');
    const elsewhere = await call(
      'GET',
      `calibrations?monitored_entity_id=${instrument},${second.body.id}`,
      undefined,
      other,
    );
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.count).toBe(0);
  });

  it('records a deletion in the history and stops using the calibration', async () => {
    const list = await call('GET', calibrations());
    const latest = list.body.objects[0];
    expect((await call('DELETE', calibrations(`/${latest.id}`))).status).toBe(204);
    expect((await call('DELETE', calibrations(`/${latest.id}`))).status).toBe(404);
    const history = await call('GET', `instruments/${instrument}/history`);
    expect(history.body.objects[0]).toMatchObject({
      action: 'updated',
      fields: { [`calibrations.${latest.id}`]: { old: { effective_from: latest.effective_from }, new: null } },
    });
    const metrics = await ingest('2026-08-03T00:00:00Z', { reading: 7000, temperature: 22 });
    expect(metrics.calculated_metrics.pressure).toBeCloseTo(-0.1557 * (7000 - 8100), 9);
  });

  it('are read by the formula preview at each reading’s read_at, naming a missing calibration', async () => {
    const res = await call('POST', 'schemes/preview', {
      device_id: instrument,
      spec: {
        metrics: {
          raw_metrics: [
            { key: 'reading', label: 'Reading', unit: 'digits' },
            { key: 'temperature', label: 'Temperature', unit: '°C' },
          ],
          calculated_metrics: [{ key: 'offset', label: 'Offset', unit: 'digits', formula: 'reading - cal.R0' }],
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const at = (readAt: string) => res.body.objects.find((r: { read_at: string }) => r.read_at === readAt);
    expect(at('2026-03-01T00:00:00.000Z')).toMatchObject({ calculated_metrics: { offset: -1000 }, errors: {} });
    expect(at('2026-08-03T00:00:00.000Z')).toMatchObject({ calculated_metrics: { offset: -1100 }, errors: {} });
    expect(at('2025-12-31T23:00:00.000Z')).toMatchObject({
      calculated_metrics: {},
      errors: { offset: 'No calibration in effect at read_at' },
    });
  });
});

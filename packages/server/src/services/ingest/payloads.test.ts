import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvents } from '../../bus/bus.ts';
import { readConsistently, readValues } from '../metrics/series-values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, INGEST, PIEZOMETER_SPEC, tokenFor, type TestDevices } from './test-fixtures.ts';
import { storedReadingAt } from '../../test-support/stored-readings.ts';

let t: TestApp;
let devices: TestDevices;
let admin: string;
const stored: Array<BusEvents['readings.stored']> = [];

beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-T1': 412.3, 'PZ-T2': 400 });
  admin = await tokenFor(t, 'admin', devices.projectId);
  t.app.bus.subscribe('readings.stored', (e) => void stored.push(e));
});
afterAll(() => t.close());

const reading = (entityId: string, readAt: string) => storedReadingAt(t.db, entityId, readAt);

/** A series' stored values through the read path (blocks and the uncompacted tail). */
async function valuesOf(entityId: string, group: string, metric: string) {
  const series = await t.db
    .selectFrom('metric_series')
    .select('id')
    .where('entity_id', '=', entityId)
    .where('data_point_id', '=', '')
    .where('metric_group', '=', group)
    .where('metric', '=', metric)
    .executeTakeFirst();
  if (!series) return [];
  const ref = { id: Number(series.id), entityId, dataPointId: '', group, metric };
  const values = await readConsistently(t.db, t.app.dialect, (reader) =>
    readValues(reader, [ref], 0, Date.parse('9999-01-01T00:00:00Z')),
  );
  const v = values.get(ref.id);
  return v ? Array.from(v.times, (time, i) => ({ t: time, value: v.values[i]! })) : [];
}

describe('POST /ingest/api/v1/payloads', () => {
  it('stores raw, context and calculated metrics: piezometric level = tip elevation + pressure / 9.8068', async () => {
    stored.length = 0;
    const res = await t.call('POST', INGEST, {
      token: admin,
      body: { eid: 'PZ-T1', read_at: '2026-10-01T10:00:00Z', raw_metrics: { pressure: 98.068, temperature: 12.5 } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: 1, duplicates: 0, unknown: 0, invalid_values: 0, out_of_scope: 0 });

    const row = await reading(devices.ids['PZ-T1']!, '2026-10-01T10:00:00.000Z');
    expect(row?.project_id).toBe(devices.projectId);
    expect(row?.data_point_id).toBe('');
    expect(row?.metrics.raw_metrics).toEqual({ pressure: 98.068, temperature: 12.5 });
    expect(row?.metrics.context_metrics).toEqual({ tip_elevation: 412.3 });
    expect(row?.metrics.calculated_metrics.piezometric_level).toBeCloseTo(422.3, 9);
    expect(row?.metrics.invalid_metrics).toEqual({});

    const level = await valuesOf(devices.ids['PZ-T1']!, 'calculated_metrics', 'piezometric_level');
    expect(level).toHaveLength(1);
    expect(level[0]!.t).toBe(Date.parse('2026-10-01T10:00:00Z'));
    expect(level[0]!.value).toBeCloseTo(422.3, 9);
    expect(await valuesOf(devices.ids['PZ-T1']!, 'raw_metrics', 'pressure')).toEqual([
      { t: Date.parse('2026-10-01T10:00:00Z'), value: 98.068 },
    ]);

    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      projectId: devices.projectId,
      readings: [{ entityId: devices.ids['PZ-T1'], dataPointId: '', readAt: '2026-10-01T10:00:00.000Z' }],
    });
  });

  it('uses each device’s own context: the same pressure gives another level on another tip elevation', async () => {
    const res = await t.call('POST', INGEST, {
      token: admin,
      body: [{ eid: 'PZ-T2', read_at: '2026-10-01T10:00:00+02:00', raw_metrics: { pressure: 196.136 } }],
    });
    expect(res.body).toEqual({ accepted: 1, duplicates: 0, unknown: 0, invalid_values: 0, out_of_scope: 0 });
    // read_at is kept in UTC
    const row = await reading(devices.ids['PZ-T2']!, '2026-10-01T08:00:00.000Z');
    expect(row?.metrics.calculated_metrics.piezometric_level).toBeCloseTo(420, 9);
  });

  it('follows registry edits from the next batch: tip elevation, formula, a renamed eid, a deleted device', async () => {
    const { ids, schemeId } = await createPiezometers(t, CERRO, { 'PZ-T3': 100 });
    const level = async (eid: string, readAt: string) => {
      const res = await t.call('POST', INGEST, {
        token: admin,
        body: { eid, read_at: readAt, raw_metrics: { pressure: 98.068 } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.accepted
        ? (await reading(ids['PZ-T3']!, readAt))?.metrics.calculated_metrics.piezometric_level
        : null;
    };
    const edit = async (body: object) => {
      const res = await t.call('PATCH', `/device-registry/api/v1/instruments/${ids['PZ-T3']}`, { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    expect(await level('PZ-T3', '2026-10-02T00:00:00.000Z')).toBeCloseTo(110, 9);
    await edit({ context: { tip_elevation: 200 } });
    expect(await level('PZ-T3', '2026-10-02T00:10:00.000Z')).toBeCloseTo(210, 9);
    const [calculated] = PIEZOMETER_SPEC.metrics.calculated_metrics;
    const spec = {
      ...PIEZOMETER_SPEC,
      metrics: {
        ...PIEZOMETER_SPEC.metrics,
        calculated_metrics: [{ ...calculated, formula: `${calculated!.formula} + 1` }],
      },
    };
    const schemeEdit = await t.call('PATCH', `/device-registry/api/v1/schemes/${schemeId}`, {
      token: admin,
      body: { spec },
    });
    expect(schemeEdit.status, JSON.stringify(schemeEdit.body)).toBe(200);
    expect(await level('PZ-T3', '2026-10-02T00:15:00.000Z')).toBeCloseTo(211, 9);
    await edit({ eid: 'PZ-T3B' });
    expect(await level('PZ-T3', '2026-10-02T00:20:00.000Z')).toBeNull();
    expect(await level('PZ-T3B', '2026-10-02T00:30:00.000Z')).toBeCloseTo(211, 9);
    // as another process would, outside the registry's API
    await t.db.deleteFrom('monitored_entities').where('id', '=', ids['PZ-T3']!).execute();
    expect(await level('PZ-T3B', '2026-10-02T00:40:00.000Z')).toBeNull();
  });

  it('moves values beyond their invalid bounds to invalid_metrics and computes nothing from them', async () => {
    stored.length = 0;
    const res = await t.call('POST', INGEST, {
      token: admin,
      body: [
        { eid: 'PZ-T1', read_at: '2026-10-02T00:00:00Z', raw_metrics: { pressure: 2500, temperature: 11 } },
        { eid: 'PZ-T1', read_at: '2026-10-02T01:00:00Z', raw_metrics: { pressure: -60, temperature: 95 } },
        // a valid pressure whose level is beyond the calculated metric's bound
        { eid: 'PZ-T2', read_at: '2026-10-02T00:00:00Z', raw_metrics: { pressure: 1500 } },
      ],
    });
    expect(res.body).toEqual({ accepted: 3, duplicates: 0, unknown: 0, invalid_values: 4, out_of_scope: 0 });

    const first = await reading(devices.ids['PZ-T1']!, '2026-10-02T00:00:00.000Z');
    expect(first?.metrics.raw_metrics).toEqual({ temperature: 11 });
    expect(first?.metrics.invalid_metrics).toEqual({ pressure: 2500 });
    expect(first?.metrics.calculated_metrics).toEqual({});
    const second = await reading(devices.ids['PZ-T1']!, '2026-10-02T01:00:00.000Z');
    expect(second?.metrics.invalid_metrics).toEqual({ pressure: -60, temperature: 95 });
    const third = await reading(devices.ids['PZ-T2']!, '2026-10-02T00:00:00.000Z');
    expect(third?.metrics.raw_metrics).toEqual({ pressure: 1500 });
    expect(third?.metrics.invalid_metrics.piezometric_level).toBeCloseTo(400 + 1500 / 9.8068, 9);

    expect(await valuesOf(devices.ids['PZ-T1']!, 'invalid_metrics', 'pressure')).toEqual([
      { t: Date.parse('2026-10-02T00:00:00Z'), value: 2500 },
      { t: Date.parse('2026-10-02T01:00:00Z'), value: -60 },
    ]);
    // The rules engine learns of them from the readings it is handed (metric quality, ADR 0011).
    const announced = stored.flatMap((e) => e.readings).map((r) => [r.entityId, r.readAt, r.metrics.invalid_metrics]);
    expect(announced).toEqual(
      expect.arrayContaining([
        [devices.ids['PZ-T1'], '2026-10-02T00:00:00.000Z', { pressure: 2500 }],
        [devices.ids['PZ-T1'], '2026-10-02T01:00:00.000Z', { pressure: -60, temperature: 95 }],
        [
          devices.ids['PZ-T2'],
          '2026-10-02T00:00:00.000Z',
          { piezometric_level: expect.closeTo(400 + 1500 / 9.8068, 9) },
        ],
      ]),
    );
    expect(announced).toHaveLength(3);
  });

  it('advances latest_payload_read_at and the latest reading, and never moves them back', async () => {
    const entity = async () => {
      const res = await t.call('GET', `/device-registry/api/v1/instruments/${devices.ids['PZ-T2']}`, { token: admin });
      expect(res.status).toBe(200);
      return res.body as { latest_payload_read_at: string | null; latest_payload_received_at: string | null };
    };
    const latest = () =>
      t.db
        .selectFrom('latest_readings')
        .select(['read_at', 'metrics'])
        .where('entity_id', '=', devices.ids['PZ-T2']!)
        .executeTakeFirstOrThrow();
    const before = Date.now();
    await t.call('POST', INGEST, {
      token: admin,
      body: [
        { eid: 'PZ-T2', read_at: '2026-10-05T00:00:00Z', raw_metrics: { pressure: 10 } },
        { eid: 'PZ-T2', read_at: '2026-10-05T06:00:00Z', raw_metrics: { pressure: 11 } },
      ],
    });
    const advanced = await entity();
    expect(advanced.latest_payload_read_at).toBe('2026-10-05T06:00:00.000Z');
    expect(Date.parse(advanced.latest_payload_received_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await latest()).read_at).toBe('2026-10-05T06:00:00.000Z');
    expect(JSON.parse((await latest()).metrics).raw_metrics).toEqual({ pressure: 11 });

    await t.call('POST', INGEST, {
      token: admin,
      body: { eid: 'PZ-T2', read_at: '2026-10-04T00:00:00Z', raw_metrics: { pressure: 12 } },
    });
    // a late reading: the latest read_at stays, the latest received_at moves on
    const late = await entity();
    expect(late.latest_payload_read_at).toBe('2026-10-05T06:00:00.000Z');
    expect(late.latest_payload_received_at! >= advanced.latest_payload_received_at!).toBe(true);
    expect((await latest()).read_at).toBe('2026-10-05T06:00:00.000Z');
  });

  it('lets a Manager send payloads and refuses an Operator (403) and a caller without a token (401)', async () => {
    const body = { eid: 'PZ-T1', read_at: '2026-10-06T00:00:00Z', raw_metrics: { pressure: 50 } };
    const manager = await tokenFor(t, 'manager', devices.projectId);
    expect((await t.call('POST', INGEST, { token: manager, body })).status).toBe(200);
    const operator = await tokenFor(t, 'operator', devices.projectId);
    const refused = await t.call('POST', INGEST, {
      token: operator,
      body: { ...body, read_at: '2026-10-06T01:00:00Z' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error_type).toBe('Forbidden');
    expect(await reading(devices.ids['PZ-T1']!, '2026-10-06T01:00:00.000Z')).toBeUndefined();
    expect((await t.call('POST', INGEST, { body })).status).toBe(401);
  });

  it('resolves eids in the caller’s project only: another project’s eid is an unknown payload there', async () => {
    const ouse = await t.db
      .selectFrom('projects')
      .select('id')
      .where('slug', '=', 'ouse-embankment')
      .executeTakeFirstOrThrow();
    const token = await tokenFor(t, 'admin', ouse.id);
    const res = await t.call('POST', INGEST, {
      token,
      body: { eid: 'PZ-T1', read_at: '2026-10-07T00:00:00Z', raw_metrics: { pressure: 50 } },
    });
    expect(res.body).toEqual({ accepted: 0, duplicates: 0, unknown: 1, invalid_values: 0, out_of_scope: 0 });
    expect(await reading(devices.ids['PZ-T1']!, '2026-10-07T00:00:00.000Z')).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, INGEST, storageSnapshot, tokenFor, type TestDevices } from './test-fixtures.ts';

let t: TestApp;
let devices: TestDevices;
let admin: string;
let otherDataPoint: string;

beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-B1': 410, 'PZ-B2': 405 });
  admin = await tokenFor(t, 'admin', devices.projectId);
  otherDataPoint = newId();
  await t.db
    .insertInto('data_points')
    .values({
      id: otherDataPoint,
      project_id: devices.projectId,
      entity_id: devices.ids['PZ-B2']!,
      title: 'Channel 2',
      identifier: 'ch2',
      created_at: nowIso(),
    })
    .execute();
});
afterAll(() => t.close());

const good = (minute: number) => ({
  eid: 'PZ-B1',
  read_at: `2026-09-01T00:${String(minute).padStart(2, '0')}:00Z`,
  raw_metrics: { pressure: 100 + minute },
});
const future = () => new Date(Date.now() + 6 * 60_000).toISOString();

/** Each case: a body whose good items come before and after a bad one (plus an unknown eid), and the field to name. */
const CASES: Array<[string, () => unknown, string]> = [
  ['a missing eid', () => [good(1), { read_at: '2026-09-01T00:00:00Z', raw_metrics: { pressure: 1 } }], '1.eid'],
  ['a missing read_at', () => [good(1), { eid: 'PZ-B1', raw_metrics: { pressure: 1 } }], '1.read_at'],
  ['missing raw_metrics', () => [good(1), good(2), { eid: 'PZ-B1', read_at: '2026-09-01T01:00:00Z' }], '2.raw_metrics'],
  ['a read_at that is not a date', () => [good(1), { ...good(2), read_at: 'yesterday' }], '1.read_at'],
  ['a read_at without its zone', () => [good(1), { ...good(2), read_at: '2026-09-01T00:02:00' }], '1.read_at'],
  ['a read_at more than 5 minutes ahead', () => [good(1), { ...good(2), read_at: future() }], '1.read_at'],
  ['a text value', () => [good(1), { ...good(2), raw_metrics: { pressure: '101.3' } }], '1.raw_metrics.pressure'],
  ['a null value', () => [good(1), { ...good(2), raw_metrics: { pressure: null } }], '1.raw_metrics.pressure'],
  ['a nested value', () => [good(1), { ...good(2), raw_metrics: { pressure: { v: 1 } } }], '1.raw_metrics.pressure'],
  ['an unknown metric', () => [good(1), { ...good(2), raw_metrics: { pressure: 1, flow: 2 } }], '1.raw_metrics.flow'],
  ['an unknown field', () => [good(1), { ...good(2), battery: 3.6 }], '1.battery'],
  ['a data point of another device', () => [good(1), { ...good(2), data_point_id: otherDataPoint }], '1.data_point_id'],
  ['an item that is not an object', () => [good(1), 'PZ-B1'], '1'],
  [
    'a single payload with a bad value',
    () => ({ ...good(3), raw_metrics: { pressure: 'high' } }),
    'raw_metrics.pressure',
  ],
];

describe('bad input to POST /ingest/api/v1/payloads', () => {
  it.each(CASES)('refuses %s with a 400 naming the item and field, and writes nothing', async (_, body, field) => {
    const before = await storageSnapshot(t);
    const items = body();
    const unknown = { eid: 'NOBODY', read_at: '2026-09-01T00:00:00Z', raw_metrics: { pressure: 1 } };
    const payloads = Array.isArray(items) ? [...items, unknown] : items;
    const res = await t.call('POST', INGEST, { token: admin, body: payloads });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
    expect(Object.keys(res.body.details)).toContain(field);
    expect(await storageSnapshot(t)).toEqual(before);
  });

  it('names every bad item of a batch at once', async () => {
    const res = await t.call('POST', INGEST, {
      token: admin,
      body: [good(1), { ...good(2), raw_metrics: { pressure: 'x' } }, good(3), { ...good(4), read_at: 'never' }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details).sort()).toEqual(['1.raw_metrics.pressure', '3.read_at']);
  });

  it('refuses more than 5000 payloads in one request', async () => {
    const before = await storageSnapshot(t);
    const body = Array.from({ length: 5001 }, (_, i) => ({
      eid: 'PZ-B1',
      read_at: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000).toISOString(),
      raw_metrics: { pressure: 1 },
    }));
    const res = await t.call('POST', INGEST, { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.details.non_field_errors[0]).toMatch(/5000/);
    expect(await storageSnapshot(t)).toEqual(before);
  });

  it('refuses malformed JSON, keeping it as an invalid payload, and stores nothing else', async () => {
    const before = await storageSnapshot(t);
    const res = await t.app.inject({
      method: 'POST',
      url: INGEST,
      payload: '[{"eid": "PZ-B1", "read_at": ',
      headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error_type: 'ValidationError',
      details: { non_field_errors: [expect.stringMatching(/^Not valid JSON/)] },
    });
    const kept = await t.db
      .selectFrom('unknown_payloads')
      .selectAll()
      .where('payload_type', '=', 'invalid_payload')
      .execute();
    expect(kept).toMatchObject([{ eid: 'PZ-B1', incoming_payload: '[{"eid": "PZ-B1", "read_at": ' }]);
    expect(await storageSnapshot(t)).toEqual({ ...before, unknown: before.unknown + 1 });
  });

  it('refuses an empty batch and bodies that are no payloads', async () => {
    const before = await storageSnapshot(t);
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: INGEST,
        payload,
        headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' },
      });
    for (const payload of ['[]', '42', '"text"', 'null', '{}', '[[]]']) {
      const res = await send(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error_type).toBe('ValidationError');
    }
    expect(await storageSnapshot(t)).toEqual(before);
  });

  it('still stores the same batch once it is corrected', async () => {
    const res = await t.call('POST', INGEST, { token: admin, body: [good(1), good(2)] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: 2, duplicates: 0, unknown: 0, invalid_values: 0, out_of_scope: 0 });
  });
});

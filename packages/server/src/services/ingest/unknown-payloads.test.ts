import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvents } from '../../bus/bus.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, INGEST, OUSE, tokenFor, type TestDevices } from './test-fixtures.ts';

const UNKNOWN = '/metrics-provider/api/v1/unknown-payloads';

let t: TestApp;
let devices: TestDevices;
let admin: string;
const events: Array<BusEvents['payload.unknown']> = [];

beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-U1': 410 });
  admin = await tokenFor(t, 'admin', devices.projectId);
  t.app.bus.subscribe('payload.unknown', (e) => void events.push(e));
});
afterAll(() => t.close());

describe('payloads of unknown devices', () => {
  let id: string;
  const payload = { eid: 'PZ-404', read_at: '2026-09-10T00:00:00Z', raw_metrics: { pressure: 7.5, flow: 2 } };

  it('keeps a payload of an unknown eid, stores the known ones beside it and announces it', async () => {
    const res = await t.call('POST', INGEST, {
      token: admin,
      body: [{ eid: 'PZ-U1', read_at: '2026-09-10T00:00:00Z', raw_metrics: { pressure: 1 } }, payload],
    });
    expect(res.body).toEqual({ accepted: 1, duplicates: 0, unknown: 1, invalid_values: 0, out_of_scope: 0 });
    const rows = await t.db.selectFrom('unknown_payloads').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ project_id: devices.projectId, eid: 'PZ-404', payload_type: 'unknown_eid' });
    expect(rows[0]!.reason).toContain('PZ-404');
    expect(JSON.parse(rows[0]!.incoming_payload)).toEqual(payload);
    id = rows[0]!.id;
    expect(events).toEqual([
      {
        projectId: devices.projectId,
        unknownPayloadId: id,
        eid: 'PZ-404',
        payloadType: 'unknown_eid',
        reason: rows[0]!.reason,
      },
    ]);
  });

  it('reads it back with GET unknown-payloads/{id}?fields=eid,reason,incoming_payload', async () => {
    const operator = await tokenFor(t, 'operator', devices.projectId);
    const res = await t.call('GET', `${UNKNOWN}/${id}?fields=eid,reason,incoming_payload`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ eid: 'PZ-404', reason: expect.stringContaining('PZ-404'), incoming_payload: payload });
    const whole = await t.call('GET', `${UNKNOWN}/${id}/`, { token: operator });
    expect(whole.body).toMatchObject({ id, payload_type: 'unknown_eid', received_at: expect.any(String) });
  });

  it('answers 404 for an unknown id and for another project’s payload', async () => {
    expect((await t.call('GET', `${UNKNOWN}/nope`, { token: admin })).status).toBe(404);
    const ouse = await t.db.selectFrom('projects').select('id').where('name', '=', OUSE).executeTakeFirstOrThrow();
    const other = await tokenFor(t, 'admin', ouse.id);
    const res = await t.call('GET', `${UNKNOWN}/${id}`, { token: other });
    expect(res.status).toBe(404);
    expect(res.body.error_type).toBe('NotFound');
    expect((await t.call('GET', `${UNKNOWN}/${id}`)).status).toBe(401);
  });
});

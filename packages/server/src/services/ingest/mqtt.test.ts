import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvents } from '../../bus/bus.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { parseTopic } from './mqtt-listener.ts';
import { CERRO, createPiezometers, tokenFor, type TestDevices } from './test-fixtures.ts';
import { storedReadingAt } from '../../test-support/stored-readings.ts';

// A real broker (mosquitto in CI). Each run gets its own project slug, so that runs sharing the
// broker never read each other's messages.
const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

let t: TestApp;
let devices: TestDevices;
let publisher: MqttClient;
let slug: string;
const unknown: Array<BusEvents['payload.unknown']> = [];

beforeAll(async () => {
  t = await createTestApp({ env: { MQTT_URL, BODY_LIMIT_BYTES: '65536' } });
  devices = await createPiezometers(t, CERRO, { 'PZ-M1': 412.3, 'PZ-M2': 400 });
  slug = `mqtt-test-${randomBytes(5).toString('hex')}`;
  await t.db.updateTable('projects').set({ slug }).where('id', '=', devices.projectId).execute();
  publisher = await mqtt.connectAsync(MQTT_URL, { clientId: `vigil-test-${randomBytes(4).toString('hex')}` });
  t.app.bus.subscribe('payload.unknown', (e) => void unknown.push(e));
});
afterAll(async () => {
  await publisher?.endAsync();
  await t?.close();
});

async function until<T>(probe: () => Promise<T | undefined>, action?: () => Promise<unknown>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await action?.();
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('timed out waiting for the MQTT message to be stored');
}

const readingOf = (eid: string, readAt: string) => async () => {
  const row = await storedReadingAt(t.db, devices.ids[eid]!, readAt);
  return row?.metrics;
};

const unknownPayloadOf = (type: string, count: number) => async () => {
  const rows = await t.db
    .selectFrom('unknown_payloads')
    .selectAll()
    .where('project_id', '=', devices.projectId)
    .where('payload_type', '=', type)
    .orderBy('received_at')
    .execute();
  return rows.length >= count ? rows[count - 1] : undefined;
};

describe('MQTT ingest', () => {
  it('reads the topics of ADR 0008', () => {
    expect(parseTopic('vigil/cerro-azul/payloads')).toEqual({ slug: 'cerro-azul' });
    expect(parseTopic('vigil/cerro-azul/PZ-01/up')).toEqual({ slug: 'cerro-azul', eid: 'PZ-01' });
    for (const topic of [
      'vigil/cerro-azul',
      'vigil/cerro-azul/PZ-01/down',
      'other/cerro-azul/payloads',
      'vigil//payloads',
    ]) {
      expect(parseTopic(topic), topic).toBeUndefined();
    }
  });

  it('stores a payload published on vigil/{project}/{eid}/up, with its calculated metrics', async () => {
    const body = JSON.stringify({ read_at: '2026-09-01T12:00:00Z', raw_metrics: { pressure: 98.068, temperature: 9 } });
    // Resent until the listener's subscription is in place: a resend is a duplicate, stored once.
    const metrics = await until(readingOf('PZ-M1', '2026-09-01T12:00:00.000Z'), () =>
      publisher.publishAsync(`vigil/${slug}/PZ-M1/up`, body, { qos: 1 }),
    );
    expect(metrics.raw_metrics).toEqual({ pressure: 98.068, temperature: 9 });
    expect(metrics.calculated_metrics.piezometric_level).toBeCloseTo(422.3, 9);
    const entity = await t.db
      .selectFrom('entity_payload_times')
      .select('latest_payload_read_at')
      .where('entity_id', '=', devices.ids['PZ-M1']!)
      .executeTakeFirstOrThrow();
    expect(entity.latest_payload_read_at).toBe('2026-09-01T12:00:00.000Z');
  });

  it('stores a batch published on vigil/{project}/payloads', async () => {
    await publisher.publishAsync(
      `vigil/${slug}/payloads`,
      JSON.stringify([
        { eid: 'PZ-M1', read_at: '2026-09-01T13:00:00Z', raw_metrics: { pressure: 10 } },
        { eid: 'PZ-M2', read_at: '2026-09-01T13:00:00Z', raw_metrics: { pressure: 19.6136 } },
      ]),
      { qos: 1 },
    );
    expect((await until(readingOf('PZ-M1', '2026-09-01T13:00:00.000Z'))).raw_metrics).toEqual({ pressure: 10 });
    const second = await until(readingOf('PZ-M2', '2026-09-01T13:00:00.000Z'));
    expect(second.calculated_metrics.piezometric_level).toBeCloseTo(402, 9);
  });

  it('keeps an unparsable message as an invalid payload, readable through the API', async () => {
    const text = '{"eid": "PZ-M1", "read_at": "2026-09-01T14:00:00Z", "raw_metrics": {"pressure": 1';
    await publisher.publishAsync(`vigil/${slug}/payloads`, text, { qos: 1 });
    const row = await until(unknownPayloadOf('invalid_payload', 1));
    expect(row.incoming_payload).toBe(text);
    expect(row.reason).toMatch(/JSON/);
    expect(unknown).toContainEqual({
      projectId: devices.projectId,
      unknownPayloadId: row.id,
      eid: null,
      payloadType: 'invalid_payload',
      reason: row.reason,
    });
    const token = await tokenFor(t, 'operator', devices.projectId);
    const res = await t.call(
      'GET',
      `/metrics-provider/api/v1/unknown-payloads/${row.id}?fields=eid,reason,incoming_payload`,
      {
        token,
      },
    );
    expect(res.body).toEqual({ eid: null, reason: row.reason, incoming_payload: text });
  });

  it('keeps a message the pipeline refuses as an invalid payload naming the field, and stores nothing of it', async () => {
    await publisher.publishAsync(
      `vigil/${slug}/PZ-M2/up`,
      JSON.stringify({ read_at: '2026-09-01T15:00:00Z', raw_metrics: { pressure: 'high' } }),
      { qos: 1 },
    );
    const row = await until(unknownPayloadOf('invalid_payload', 2));
    expect(row.eid).toBe('PZ-M2');
    expect(row.reason).toContain('raw_metrics.pressure');
    expect(await readingOf('PZ-M2', '2026-09-01T15:00:00.000Z')()).toBeUndefined();
  });

  it('refuses a message larger than the body limit', async () => {
    const big = JSON.stringify({
      read_at: '2026-09-01T17:00:00Z',
      raw_metrics: { pressure: 1 },
      pad: 'x'.repeat(70_000),
    });
    await publisher.publishAsync(`vigil/${slug}/PZ-M1/up`, big, { qos: 1 });
    const row = await until(unknownPayloadOf('invalid_payload', 3));
    expect(row.reason).toMatch(/larger than 65536 bytes/);
    expect(row.incoming_payload.length).toBeLessThanOrEqual(65_536);
  });

  it('keeps a reading before the earliest date, and one without metrics or beyond 1e15, as invalid payloads', async () => {
    const early = JSON.stringify({ read_at: '1900-01-01T00:00:00Z', raw_metrics: { pressure: 1 } });
    await publisher.publishAsync(`vigil/${slug}/PZ-M2/up`, early, { qos: 1 });
    const first = await until(unknownPayloadOf('invalid_payload', 4));
    expect(first.reason).toContain('read_at: Must not be before 1970-01-01T00:00:00.000Z');
    expect(first.incoming_payload).toBe(early);

    const batch = JSON.stringify([
      { eid: 'PZ-M1', read_at: '2026-09-01T18:00:00Z', raw_metrics: { pressure: 1 } },
      { eid: 'PZ-M2', read_at: '2026-09-01T18:00:00Z', raw_metrics: {} },
      { eid: 'PZ-M2', read_at: '2026-09-01T18:10:00Z', raw_metrics: { pressure: -1.79e308 } },
    ]);
    await publisher.publishAsync(`vigil/${slug}/payloads`, batch, { qos: 1 });
    const second = await until(unknownPayloadOf('invalid_payload', 5));
    expect(second.reason).toContain('1.raw_metrics: Send at least one metric');
    expect(second.reason).toContain('2.raw_metrics.pressure');
    expect(await readingOf('PZ-M2', '1900-01-01T00:00:00.000Z')()).toBeUndefined();
    expect(await readingOf('PZ-M1', '2026-09-01T18:00:00.000Z')()).toBeUndefined();
  });

  it('keeps a payload of an unknown eid as an unknown payload', async () => {
    await publisher.publishAsync(
      `vigil/${slug}/PZ-NONE/up`,
      JSON.stringify({ read_at: '2026-09-01T16:00:00Z', raw_metrics: { pressure: 1 } }),
      { qos: 1 },
    );
    const row = await until(unknownPayloadOf('unknown_eid', 1));
    expect(row.eid).toBe('PZ-NONE');
    expect(JSON.parse(row.incoming_payload)).toEqual({
      eid: 'PZ-NONE',
      read_at: '2026-09-01T16:00:00Z',
      raw_metrics: { pressure: 1 },
    });
  });
});

describe('MQTT broker out of reach', () => {
  it('starts and closes without it, retrying in the background', async () => {
    const offline = await createTestApp({ seed: false, env: { MQTT_URL: 'mqtt://127.0.0.1:9' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await offline.call('GET', '/healthz')).status).toBe(200);
    const started = Date.now();
    await offline.close();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

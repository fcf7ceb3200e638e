import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, INGEST, OUSE, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { openStream, type TestStream } from './sse-test-client.ts';
import { NOTIFICATIONS, hoursAgo, insertNotification, sendUnknownPayload } from './test-fixtures.ts';

// Piezometric level = tip (100 m) + pressure / 9.8068.
const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];

let t: TestApp;
let devices: TestDevices;
let admin: string;
let stream: string;
const opened: TestStream[] = [];

const open = async (query = '', headers: Record<string, string> = {}) => {
  const s = await openStream(`${stream}?token=${admin}${query}`, headers);
  opened.push(s);
  return s;
};
const seqs = async () =>
  (await t.db.selectFrom('notifications').select(['seq', 'id']).orderBy('seq').execute()).map((r) => ({
    seq: String(r.seq),
    id: r.id,
  }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeAll(async () => {
  t = await createTestApp({ env: { STREAM_HEARTBEAT_SECONDS: '0.2' } });
  devices = await createPiezometers(t, CERRO, { 'PZ-S1': 100 }, { metricLimits: LIMITS });
  admin = await tokenFor(t, 'admin', devices.projectId);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  stream = `http://127.0.0.1:${port}${NOTIFICATIONS}/stream/`;
});
afterAll(async () => {
  for (const s of opened) s.close();
  await t.close();
});

describe('GET notifications/stream/', () => {
  it('opens with an open event, then sends each new notification named by its type, its seq as id, and an alert', async () => {
    const s = await open();
    expect(s.response.status).toBe(200);
    expect(s.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.response.headers.get('cache-control')).toBe('no-cache');
    expect(s.response.headers.get('x-accel-buffering')).toBe('no');
    expect(await s.next()).toEqual({ event: 'open', data: {} });

    const read_at = new Date().toISOString();
    const res = await t.call('POST', INGEST, {
      token: admin,
      body: { eid: 'PZ-S1', read_at, raw_metrics: { pressure: 20 * 9.8068, temperature: 10 } },
    });
    expect(res.status).toBe(200);
    // What was stored comes first, as a summary of the entities that got readings.
    expect(await s.next((block) => block.event === 'readings')).toEqual({
      event: 'readings',
      data: { monitored_entity_ids: [devices.ids['PZ-S1']], latest_read_at: read_at },
    });
    await t.app.rulesEngine!.idle();

    const [reached, changed] = await seqs();
    const first = await s.next();
    expect(first).toMatchObject({ id: reached!.seq, event: 'metric_limit_reached' });
    const detail = await t.call('GET', `${NOTIFICATIONS}/${reached!.id}`, { token: admin });
    expect(first.data).toEqual(detail.body);
    expect(await s.next()).toEqual({
      event: 'alert',
      data: {
        priority: 'critical',
        level: 'critical',
        notification_type: 'metric_limit_reached',
        text: detail.body.text,
        notification_id: reached!.id,
        monitored_entity_id: devices.ids['PZ-S1'],
      },
    });
    const rule = await s.next();
    expect(rule).toMatchObject({ event: 'metricsRule', data: { notification_id: reached!.id } });
    expect(rule.id).toBeUndefined();
    expect(await s.next()).toMatchObject({ id: changed!.seq, event: 'metric_limits_state_changed' });
    expect(await s.next()).toMatchObject({ event: 'alert', data: { notification_id: changed!.id } });
    expect(await s.next()).toMatchObject({ event: 'metricsRule', data: { notification_id: changed!.id } });
  });

  it('sends only the session project’s notifications, with the fields asked for', async () => {
    const s = await open('&fields=id,notification_type.name,extra.event_type');
    await s.next();
    const ouse = await t.db.selectFrom('projects').select('id').where('name', '=', OUSE).executeTakeFirstOrThrow();
    await sendUnknownPayload(t, await tokenFor(t, 'admin', ouse.id), 'OUSE-404');
    await sendUnknownPayload(t, admin, 'CERRO-404');
    const { id } = (await seqs()).at(-1)!;
    expect((await s.next()).data).toEqual({
      id,
      notification_type: { name: 'unknown_payload_received' },
      extra: { event_type: 'unknown_payload_received' },
    });
    expect(await s.next()).toMatchObject({ event: 'alert', data: { notification_id: id, priority: 'minor' } });
  });

  it('resumes after Last-Event-ID: the missed notifications in order, no alerts, then live ones, nothing twice', async () => {
    const first = await open();
    await first.next();
    await sendUnknownPayload(t, admin, 'GONE-0');
    const seen = await first.next();
    first.close();

    await sendUnknownPayload(t, admin, 'GONE-1');
    // past the 24 hours: not replayed, although its seq is later
    await insertNotification(t, devices.projectId, {
      createdAt: hoursAgo(30),
      level: 'info',
      type: 'health_state_changed',
    });
    await sendUnknownPayload(t, admin, 'GONE-2');
    await sendUnknownPayload(t, admin, 'GONE-3');
    const missed = (await seqs()).filter((n) => Number(n.seq) > Number(seen.id)).filter((_, i) => i !== 1);

    const again = await open('', { 'Last-Event-ID': seen.id! });
    expect(await again.next()).toMatchObject({ event: 'open' });
    for (const n of missed) expect(await again.next()).toMatchObject({ id: n.seq, data: { id: n.id } });
    await sendUnknownPayload(t, admin, 'LIVE-4');
    const live = (await seqs()).at(-1)!;
    expect(await again.next()).toMatchObject({ id: live.seq, event: 'unknown_payload_received' });
    expect(await again.next()).toMatchObject({ event: 'alert', data: { notification_id: live.id } });
    await settle();
    expect(again.unread()).toEqual([]);

    // EventSource polyfills that cannot set the header pass it in the query string.
    const polyfill = await open(`&last_event_id=${seen.id}`);
    await polyfill.next();
    for (const n of [...missed, live]) expect(await polyfill.next()).toMatchObject({ id: n.seq });
    await settle();
    expect(polyfill.unread()).toEqual([]);
  });

  it('sends heartbeats as comment lines', async () => {
    const s = await open();
    expect(await s.next((b) => b.comment !== undefined, 2_000)).toEqual({ comment: 'heartbeat' });
  });

  it('refuses a missing or revoked token and a bad Last-Event-ID', async () => {
    const anonymous = await fetch(stream);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error_type: 'Unauthorized' });
    const bad = await fetch(`${stream}?token=${admin}`, { headers: { 'Last-Event-ID': 'abc' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error_type: 'ValidationError',
      details: { 'Last-Event-ID': expect.any(Array) },
    });
    expect((await fetch(`${stream}?token=${admin}&last_event_id=-1`)).status).toBe(400);
    const revoked = await t.login('admin');
    await t.call('POST', '/auth/api/v1/users/logout', { token: revoked });
    expect((await fetch(`${stream}?token=${revoked}`)).status).toBe(401);
  });

  it('ends an open stream once its session is logged out, and one whose session selected another project', async () => {
    const leaving = await tokenFor(t, 'admin', devices.projectId);
    const switching = await tokenFor(t, 'admin', devices.projectId);
    const staying = await open();
    const [loggedOut, switched] = await Promise.all(
      [leaving, switching].map((token) => openStream(`${stream}?token=${token}`)),
    );
    opened.push(loggedOut!, switched!);
    for (const s of [staying, loggedOut!, switched!]) expect(await s.next()).toEqual({ event: 'open', data: {} });

    await t.call('POST', '/auth/api/v1/users/logout', { token: leaving });
    const ouse = await t.db.selectFrom('projects').select('id').where('name', '=', OUSE).executeTakeFirstOrThrow();
    const res = await t.call('POST', '/auth/api/v1/users/switch-data-context', {
      token: switching,
      body: { data_context: ouse.id },
    });
    expect(res.status).toBe(200);

    // Checked at each heartbeat (0.2 s here).
    await expect(loggedOut!.next(() => false, 2_000)).rejects.toThrow('the stream ended');
    await expect(switched!.next(() => false, 2_000)).rejects.toThrow('the stream ended');
    expect(await staying.next((b) => b.comment !== undefined, 2_000)).toEqual({ comment: 'heartbeat' });
    expect(staying.ended()).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../auth/secrets.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, INGEST, OUSE, tokenFor, type TestDevices } from './test-fixtures.ts';
import { storedReadingCount } from '../../test-support/stored-readings.ts';

const KEYS = '/auth/api/v1/api-keys';
let t: TestApp;
let cerro: TestDevices;
let ouse: TestDevices;
let admin: string;
let ouseAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  cerro = await createPiezometers(t, CERRO, { 'KEY-PZ-1': 400, 'KEY-PZ-2': 401 });
  ouse = await createPiezometers(t, OUSE, { 'KEY-OUSE-1': 10 });
  admin = await tokenFor(t, 'admin', cerro.projectId);
  ouseAdmin = await tokenFor(t, 'admin', ouse.projectId);
});
afterAll(() => t.close());

async function newKey(body: Record<string, unknown>, token = admin) {
  const res = await t.call('POST', KEYS, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; key: string; prefix: string; expires_at: string | null };
}

/** `POST payloads` with an ingest key instead of a session. */
const withKey = (key: string, body: unknown, url = INGEST, method = 'POST') =>
  t.call(method, url, { body, headers: { authorization: `ApiKey ${key}` } });

const reading = (eid: string, minute: number, pressure = 100) => ({
  eid,
  read_at: new Date(Date.UTC(2026, 9, 1, 8, minute)).toISOString(),
  raw_metrics: { pressure },
});

async function stored(entityId: string) {
  return storedReadingCount(t.db, { entityIds: [entityId] });
}

describe('ingest keys', () => {
  it('shows the key once, at creation, and keeps only its hash', async () => {
    const created = await newKey({ name: 'Gateway north' });
    expect(created).toMatchObject({
      name: 'Gateway north',
      monitored_entity_ids: [],
      created_by: 'admin',
      expires_at: null,
      last_used_at: null,
      last_used_address: null,
    });
    expect(created.key).toMatch(/^vk_[A-Za-z0-9_-]{40,}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);

    const list = await t.call('GET', KEYS, { token: admin });
    expect(list.status).toBe(200);
    const listed = list.body.objects.find((k: { id: string }) => k.id === created.id);
    expect(listed).toMatchObject({ name: 'Gateway north', prefix: created.prefix });
    expect(listed).not.toHaveProperty('key');
    expect(JSON.stringify(list.body)).not.toContain(created.key);

    const row = await t.db.selectFrom('ingest_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(tokenHash(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('lets a key send payloads, noting its last use at most once a minute', async () => {
    const { id, key } = await newKey({ name: 'Logger 1' });
    const res = await withKey(key, reading('KEY-PZ-1', 1));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ accepted: 1, duplicates: 0, unknown: 0, invalid_values: 0, out_of_scope: 0 });
    const used = await t.db.selectFrom('ingest_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_address).toBe('127.0.0.1');

    // Within the minute, the next use writes nothing.
    await t.db.updateTable('ingest_keys').set({ last_used_address: 'earlier' }).where('id', '=', id).execute();
    expect((await withKey(key, reading('KEY-PZ-1', 2))).status).toBe(200);
    const listed = (await t.call('GET', `${KEYS}?id=${id}`, { token: admin })).body.objects[0];
    expect(listed.last_used_address).toBe('earlier');

    // A minute later it does.
    const minuteAgo = new Date(Date.now() - 61_000).toISOString();
    await t.db.updateTable('ingest_keys').set({ last_used_at: minuteAgo }).where('id', '=', id).execute();
    expect((await withKey(key, reading('KEY-PZ-1', 3))).status).toBe(200);
    const again = (await t.call('GET', `${KEYS}?id=${id}`, { token: admin })).body.objects[0];
    expect(again.last_used_address).toBe('127.0.0.1');
    expect(Date.parse(again.last_used_at)).toBeGreaterThan(Date.parse(minuteAgo));
  });

  it('stores only the readings of the devices a key covers, counting the others as out_of_scope', async () => {
    const { key } = await newKey({ name: 'PZ-1 only', monitored_entity_ids: [cerro.ids['KEY-PZ-1']] });
    const before = await stored(cerro.ids['KEY-PZ-2']!);
    const res = await withKey(key, [reading('KEY-PZ-1', 10), reading('KEY-PZ-2', 10), reading('NOBODY-1', 10)]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: 1, duplicates: 0, unknown: 1, invalid_values: 0, out_of_scope: 1 });
    expect(await stored(cerro.ids['KEY-PZ-2']!)).toBe(before);
  });

  it('refuses devices of another project in a key’s list', async () => {
    const res = await t.call('POST', KEYS, {
      token: admin,
      body: { name: 'Wrong', monitored_entity_ids: [ouse.ids['KEY-OUSE-1']] },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty(['monitored_entity_ids.0']);
  });

  it('never lets another project’s key see this project’s devices: their eids are its own unknown payloads', async () => {
    const { key } = await newKey({ name: 'Ouse gateway' }, ouseAdmin);
    const before = await stored(cerro.ids['KEY-PZ-1']!);
    const res = await withKey(key, reading('KEY-PZ-1', 20));
    expect(res.body).toEqual({ accepted: 0, duplicates: 0, unknown: 1, invalid_values: 0, out_of_scope: 0 });
    expect(await stored(cerro.ids['KEY-PZ-1']!)).toBe(before);
    const unknown = await t.db
      .selectFrom('unknown_payloads')
      .select('project_id')
      .where('eid', '=', 'KEY-PZ-1')
      .execute();
    expect(unknown.map((u) => u.project_id)).toEqual([ouse.projectId]);
  });

  it('refuses a revoked key at once, and an expired one', async () => {
    const { id, key } = await newKey({ name: 'To revoke' });
    expect((await withKey(key, reading('KEY-PZ-1', 30))).status).toBe(200);
    expect((await t.call('DELETE', `${KEYS}/${id}`, { token: admin })).status).toBe(204);
    const refused = await withKey(key, reading('KEY-PZ-1', 31));
    expect(refused.status).toBe(401);
    expect(refused.body.error_type).toBe('Unauthorized');
    expect((await t.call('GET', KEYS, { token: admin })).body.objects.map((k: { id: string }) => k.id)).not.toContain(
      id,
    );
    expect((await t.call('DELETE', `${KEYS}/${id}`, { token: admin })).status).toBe(404);

    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const expiring = await newKey({ name: 'Expiring', expires_at: soon });
    expect(expiring.expires_at).toBe(soon);
    expect((await withKey(expiring.key, reading('KEY-PZ-1', 32))).status).toBe(200);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.db.updateTable('ingest_keys').set({ expires_at: past }).where('id', '=', expiring.id).execute();
    expect((await withKey(expiring.key, reading('KEY-PZ-1', 33))).status).toBe(401);

    const late = await t.call('POST', KEYS, { token: admin, body: { name: 'Late', expires_at: past } });
    expect(late.status).toBe(400);
    expect(late.body.details).toHaveProperty('expires_at');
  });

  it('is refused with 401 by every route but the ingest ones, and enters no manual readings', async () => {
    const { key } = await newKey({ name: 'Not a session' });
    for (const [method, url] of [
      ['GET', '/device-registry/api/v1/instruments'],
      ['GET', KEYS],
      ['POST', KEYS],
      ['GET', '/ingest/api/v1/import-profiles'],
      ['GET', '/ingest/api/v1/imports'],
      ['GET', '/auth/api/v1/users/me'],
      ['POST', '/auth/api/v1/users/login/'],
    ]) {
      const res = await withKey(key, method === 'POST' ? { name: 'x' } : undefined, url, method);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    const manual = await withKey(key, { ...reading('KEY-PZ-1', 40), source: 'manual', data_session: 'abc' });
    expect(manual.status).toBe(400);
    expect(await withKey('vk_not-a-key-at-all-0123456789', reading('KEY-PZ-1', 41))).toMatchObject({ status: 401 });
  });

  it('is made and revoked by administrators only', async () => {
    const manager = await tokenFor(t, 'manager', cerro.projectId);
    expect((await t.call('POST', KEYS, { token: manager, body: { name: 'No' } })).status).toBe(403);
    expect((await t.call('GET', KEYS, { token: manager })).status).toBe(403);
  });
});

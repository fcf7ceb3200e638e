import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { newId, nowIso } from '../../db/values.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { finished, IMPORTS, PROFILES, sendFile } from './import-fixtures.ts';
import { CERRO, createPiezometers, OUSE, tokenFor, type TestDevices } from './test-fixtures.ts';

const MAX_BYTES = 4096;
let t: TestApp;
let devices: TestDevices;
let admin: string;
let profile: string;

const csv = (rows: number, from = 0) =>
  [
    'time,pz1,pz2',
    ...Array.from(
      { length: rows },
      (_, i) => `${new Date(Date.UTC(2026, 5, 1, from + i)).toISOString()},${100 + i},${200 + i}`,
    ),
  ].join('\n');

beforeAll(async () => {
  t = await createTestApp({ env: { IMPORT_MAX_BYTES: String(MAX_BYTES) } });
  devices = await createPiezometers(t, CERRO, { 'LIM-PZ-1': 400, 'LIM-PZ-2': 400 });
  admin = await tokenFor(t, 'admin', devices.projectId);
  const created = await t.call('POST', PROFILES, {
    token: admin,
    body: {
      name: 'Limits',
      format: 'csv',
      timestamp_column: 'time',
      columns: [
        { column: 'pz1', eid: 'LIM-PZ-1', metric: 'pressure' },
        { column: 'pz2', eid: 'LIM-PZ-2', metric: 'pressure' },
      ],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  profile = created.body.id;
});
afterAll(() => t.close());

describe('the size limit of logger files (IMPORT_MAX_BYTES)', () => {
  it('cuts off a larger file with 413 in the error shape, closing the connection and keeping nothing', async () => {
    const big = csv(200);
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    const res = await sendFile(t, { token: admin }, profile, 'big.csv', big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error_type: 'PayloadTooLarge', message: expect.stringContaining(String(MAX_BYTES)) });
    expect(res.headers.connection).toBe('close');
    const folder = join(t.dataDir, 'imports');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    expect((await t.call('GET', IMPORTS, { token: admin })).body.count).toBe(0);
    // and the server goes on
    const small = await sendFile(t, { token: admin }, profile, 'small.csv', csv(3));
    expect(small.status).toBe(202);
    expect((await finished(t, admin, small.body.id)).status).toBe('done');
  });
});

describe('imports sent with an ingest key', () => {
  it('imports only the devices the key covers, counting the others as out_of_scope', async () => {
    const key = await t.call('POST', '/auth/api/v1/api-keys', {
      token: admin,
      body: { name: 'LoggerNet', monitored_entity_ids: [devices.ids['LIM-PZ-1']] },
    });
    const sent = await sendFile(t, { key: key.body.key }, profile, 'by-key.csv', csv(4, 100));
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.created_by).toBe(`key:${key.body.prefix}`);
    const done = await finished(t, admin, sent.body.id);
    expect(done.result).toMatchObject({ readings_accepted: 4, out_of_scope: 4, duplicates: 0 });

    await t.call('DELETE', `/auth/api/v1/api-keys/${key.body.id}`, { token: admin });
    const revoked = await sendFile(t, { key: key.body.key }, profile, 'revoked.csv', csv(2, 200));
    expect(revoked.status).toBe(401);
    const list = await t.app.inject({
      method: 'GET',
      url: IMPORTS,
      headers: { authorization: `ApiKey ${key.body.key}` },
    });
    expect(list.statusCode).toBe(401);
  });

  it('cannot use another project’s profile', async () => {
    const ouse = await createPiezometers(t, OUSE, { 'LIM-OUSE-1': 1 });
    const ouseAdmin = await tokenFor(t, 'admin', ouse.projectId);
    const key = await t.call('POST', '/auth/api/v1/api-keys', { token: ouseAdmin, body: { name: 'Ouse' } });
    const sent = await sendFile(t, { key: key.body.key }, profile, 'elsewhere.csv', csv(2, 300));
    expect(sent.status).toBe(400);
    expect(sent.body.details).toHaveProperty('profile');
  });
});

describe.skipIf(TEST_DIALECT !== 'sqlite')('imports across a restart', () => {
  it('takes up imports left queued or running when the server starts again', async () => {
    const path = join(t.dataDir, 'imports', 'left.csv');
    writeFileSync(path, csv(5, 400));
    const id = newId();
    await t.db
      .insertInto('imports')
      .values({
        id,
        project_id: devices.projectId,
        profile_id: profile,
        file_name: 'left.csv',
        file_path: path,
        size: 100,
        status: 'running',
        origin: 'upload',
        rows_total: 5,
        rows_done: 0,
        result: '{}',
        error: null,
        key_id: null,
        created_at: nowIso(),
        created_by: 'admin',
        started_at: nowIso(),
        finished_at: null,
        heartbeat_at: nowIso(),
      })
      .execute();
    // A second server on the same database starts: it takes the import up (on SQLite, one server's).
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: t.dataDir,
      DEMO: 'off',
      SIMULATOR: 'off',
      WEB_DIST: join(t.dataDir, 'no-web'),
      IMPORT_MAX_BYTES: String(MAX_BYTES),
    });
    const restarted = await buildApp(config, t.db, 'sqlite');
    try {
      await restarted.ready();
      let done: any;
      for (let i = 0; i < 500; i++) {
        done = (await t.call('GET', `${IMPORTS}/${id}`, { token: admin })).body;
        if (done.status === 'done' || done.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(done).toMatchObject({ status: 'done', rows_done: 5, result: { readings_accepted: 10 } });
    } finally {
      await restarted.close();
    }
    expect(existsSync(path)).toBe(false);
  });
});

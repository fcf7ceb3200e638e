import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { TEST_DIALECT, createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import { openStream, type TestStream } from './sse-test-client.ts';
import { NOTIFICATIONS, sendUnknownPayload } from './test-fixtures.ts';

// A real Redis, as in bus/cluster-bus.test.ts. The apps use the default channels; each test database
// has its own project ids, so parallel runs never show each other notifications.
const BUS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
let b: FastifyInstance;
let admin: string;
let s: TestStream | undefined;

beforeAll(async () => {
  t = await createTestApp({ env: { BUS_URL } });
  const { projectId } = await createPiezometers(t, CERRO, {});
  admin = await tokenFor(t, 'admin', projectId);
  // A second instance on the first one's database, serving streams only.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: t.dataDir,
    DEMO: 'off',
    SIMULATOR: 'off',
    WEB_DIST: join(t.dataDir, 'no-web'),
    SERVICES: 'auth,notifications',
    BUS_URL,
  });
  b = await buildApp(config, t.db, TEST_DIALECT);
  await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  s?.close();
  await b.close();
  await t.close();
});

describe('notification stream across instances', () => {
  it('brings a notification raised on one instance to a stream client of another', async () => {
    const { port } = b.server.address() as AddressInfo;
    s = await openStream(`http://127.0.0.1:${port}${NOTIFICATIONS}/stream/?token=${admin}`);
    expect(await s.next()).toMatchObject({ event: 'open' });

    await sendUnknownPayload(t, admin, 'ELSEWHERE-1');
    const row = await t.db.selectFrom('notifications').select(['seq', 'id']).executeTakeFirstOrThrow();
    expect(await s.next()).toMatchObject({
      id: String(row.seq),
      event: 'unknown_payload_received',
      data: { id: row.id, is_read: false },
    });
    expect(await s.next()).toMatchObject({ event: 'alert', data: { notification_id: row.id } });
  });

  it('ends its streams when it shuts down', async () => {
    await b.close();
    await expect(s!.next()).rejects.toThrow('the stream ended');
  });
});

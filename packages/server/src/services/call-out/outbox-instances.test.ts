import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { TEST_DIALECT, createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import { NOTIFICATIONS, callOutEnv, startProvider, startSmtp, userId, verifiedContact } from './test-fixtures.ts';

// A real Redis bus between the instances, as in notifications/stream-cluster.test.ts.
const BUS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONTACTS = 30;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let provider: Awaited<ReturnType<typeof startProvider>>;
const others: FastifyInstance[] = [];
let test: () => Promise<string>;

/** Another server instance on the first one's database, as a second machine (or a restarted one) runs it. */
async function instance(): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: t.dataDir,
    DEMO: 'off',
    SIMULATOR: 'off',
    WEB_DIST: join(t.dataDir, 'no-web'),
    SERVICES: 'auth,notifications',
    BUS_URL,
    ...callOutEnv(smtp.url, provider.origin),
  });
  const app = await buildApp(config, t.db, TEST_DIALECT);
  await app.ready();
  others.push(app);
  return app;
}

beforeAll(async () => {
  smtp = await startSmtp();
  provider = await startProvider();
  t = await createTestApp({ env: { ...callOutEnv(smtp.url, provider.origin), BUS_URL } });
  const { projectId } = await createPiezometers(t, CERRO, {});
  const manager = await tokenFor(t, 'manager', projectId);
  for (let i = 0; i < CONTACTS; i++) await verifiedContact(t, 'operator', 'email', `operator-${i}@example.org`);
  const policy = await t.call('POST', `${NOTIFICATIONS}/escalation-policies`, {
    token: manager,
    body: {
      name: 'Red',
      tarp_level: 'red',
      steps: [{ after_minutes: 0, target: { user_id: await userId(t, 'operator') }, channels: ['email'] }],
    },
  });
  test = async () =>
    (await t.call('POST', `${NOTIFICATIONS}/escalation-policies/${policy.body.id}/test`, { token: manager })).body
      .alarm_id as string;
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t.close();
  await smtp.close();
  await provider.close();
});

const statuses = async (alarmId: string) =>
  (await t.db.selectFrom('deliveries').select('status').where('alarm_id', '=', alarmId).execute()).map((d) => d.status);

describe('the outbox with several instances', () => {
  it('sends each delivery exactly once when two instances work the outbox at once', async () => {
    const b = await instance();
    await test();
    const tried = await Promise.all([t.app.callOut!.outbox.runOnce(), b.callOut!.outbox.runOnce()]);
    expect(tried[0] + tried[1]).toBe(CONTACTS);
    const received = smtp.messages.flatMap((m) => m.to).sort();
    expect(received).toHaveLength(CONTACTS);
    expect(new Set(received).size).toBe(CONTACTS);
  });

  it('sends after a restart what was queued, and what a stopped instance had claimed but not sent', async () => {
    smtp.messages.length = 0;
    const alarmId = await test();
    // an instance that claimed one and stopped mid-send: its lease has run out
    const [stuck] = await t.db
      .selectFrom('deliveries')
      .select('id')
      .where('alarm_id', '=', alarmId)
      .where('status', '=', 'queued')
      .limit(1)
      .execute();
    await t.db
      .updateTable('deliveries')
      .set({ claimed_by: 'a-stopped-instance', claimed_until: new Date(Date.now() - 1000).toISOString(), attempts: 1 })
      .where('id', '=', stuck!.id)
      .execute();
    const restarted = await instance();
    expect(await restarted.callOut!.outbox.runOnce()).toBe(CONTACTS);
    expect((await statuses(alarmId)).filter((status) => status !== 'sent')).toEqual([]);
    expect(new Set(smtp.messages.flatMap((m) => m.to)).size).toBe(CONTACTS);
    expect(smtp.messages).toHaveLength(CONTACTS);
  });
});

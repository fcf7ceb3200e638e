import type { Delivery } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import { NOTIFICATIONS, callOutEnv, startProvider, startSmtp, userId, verifiedContact } from './test-fixtures.ts';

/** An app whose operator is called on `channels` by the red level's policy; answers a way to test it. */
async function setUp(t: TestApp, channels: string[]) {
  const { projectId } = await createPiezometers(t, CERRO, {});
  const manager = await tokenFor(t, 'manager', projectId);
  const policy = await t.call('POST', `${NOTIFICATIONS}/escalation-policies`, {
    token: manager,
    body: {
      name: 'Red',
      tarp_level: 'red',
      steps: [{ after_minutes: 0, target: { user_id: await userId(t, 'operator') }, channels }],
    },
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  return {
    async test(): Promise<string> {
      const res = await t.call('POST', `${NOTIFICATIONS}/escalation-policies/${policy.body.id}/test`, {
        token: manager,
      });
      expect(res.status).toBe(202);
      return res.body.alarm_id;
    },
    async deliveries(alarmId: string): Promise<Delivery[]> {
      const res = await t.call('GET', `${NOTIFICATIONS}/deliveries?alarm_id=${alarmId}`, { token: manager });
      return res.body.objects;
    },
  };
}

describe('providers that refuse, fail or hang', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let app: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    smtp = await startSmtp({ refuse: (to) => to === 'refused@example.org' });
    provider = await startProvider((req) => {
      if (req.form.To === '+41790000500') return 500;
      if (req.form.To === '+41790000999') return 'hang';
      if (req.path === '/missing') return 404;
      return 201;
    });
    t = await createTestApp({ env: callOutEnv(smtp.url, provider.origin) });
    app = await setUp(t, ['email', 'sms', 'webhook']);
    await verifiedContact(t, 'operator', 'email', 'refused@example.org');
    await verifiedContact(t, 'operator', 'email', 'fine@example.org');
    await verifiedContact(t, 'operator', 'sms', '+41790000500');
    await verifiedContact(t, 'operator', 'sms', '+41790000999');
    await verifiedContact(t, 'operator', 'webhook', `${provider.origin}/missing`);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await provider.close();
  });

  it('logs each failure with the provider’s error, retries with backoff, and still sends the rest', async () => {
    const alarmId = await app.test();
    const start = Date.now();
    expect(await t.app.callOut!.outbox.runOnce(new Date(start))).toBe(5);
    // the hanging SMS holds its own slot until the timeout, not the others
    expect(Date.now() - start).toBeLessThan(6000);
    const byAddress = (list: Delivery[]) => Object.fromEntries(list.map((d) => [d.address, d]));
    let log = byAddress(await app.deliveries(alarmId));
    expect(log['fine@example.org']).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect(smtp.messages.map((m) => m.to)).toEqual([['fine@example.org']]);
    expect(log['refused@example.org']).toMatchObject({ status: 'queued', attempts: 1 });
    expect(log['refused@example.org']!.error).toContain('No such mailbox');
    expect(log['+41790000500']).toMatchObject({ status: 'queued', error: 'HTTP 500: The provider says 500' });
    expect(log['+41790000999']!.error).toMatch(/did not answer within 1500 ms|timeout/i);
    expect(log[`${provider.origin}/missing`]!.error).toBe('HTTP 404: The provider says 404');

    // 30 s, then 60 s later: tried again each time; after the third attempt they are failed for good
    expect(await t.app.callOut!.outbox.runOnce(new Date(start + 20_000))).toBe(0);
    expect(await t.app.callOut!.outbox.runOnce(new Date(start + 31_000))).toBe(4);
    expect(await t.app.callOut!.outbox.runOnce(new Date(start + 80_000))).toBe(0);
    expect(await t.app.callOut!.outbox.runOnce(new Date(start + 92_000))).toBe(4);
    log = byAddress(await app.deliveries(alarmId));
    for (const address of ['refused@example.org', '+41790000500', '+41790000999', `${provider.origin}/missing`]) {
      expect(log[address]).toMatchObject({ status: 'failed', attempts: 3 });
      expect(log[address]!.error).toBeTruthy();
    }
    expect(await t.app.callOut!.outbox.runOnce(new Date(start + 3_600_000))).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it('fails a delivery whose contact was removed before it went, without retrying', async () => {
    const gone = await verifiedContact(t, 'operator', 'email', 'gone@example.org');
    const alarmId = await app.test();
    await t.db.deleteFrom('contacts').where('id', '=', gone).execute();
    await t.app.callOut!.outbox.runOnce(new Date(Date.now() + 3_600_000 * 2));
    const delivery = (await app.deliveries(alarmId)).find((d) => d.address === 'gone@example.org')!;
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'The contact was removed or is not verified',
    });
  });
});

describe('a mail server that never answers', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let provider: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    smtp = await startSmtp({ hang: true });
    provider = await startProvider();
    t = await createTestApp({ env: callOutEnv(smtp.url, provider.origin) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await provider.close();
  });

  it('times the e-mail out and keeps it for a retry, while the webhook goes', async () => {
    const app = await setUp(t, ['email', 'webhook']);
    await verifiedContact(t, 'operator', 'email', 'operator@example.org');
    await verifiedContact(t, 'operator', 'webhook', `${provider.origin}/hook`);
    const alarmId = await app.test();
    await t.app.callOut!.outbox.runOnce();
    const log = await app.deliveries(alarmId);
    expect(log.find((d) => d.channel === 'webhook')).toMatchObject({ status: 'sent' });
    const mail = log.find((d) => d.channel === 'email')!;
    expect(mail).toMatchObject({ status: 'queued', attempts: 1 });
    expect(mail.error).toMatch(/did not answer within 1500 ms|Greeting never received|timeout/i);
    expect(provider.requests.filter((r) => r.signed)).toHaveLength(1);
  });
});

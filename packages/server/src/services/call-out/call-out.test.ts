import type { Delivery } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import {
  NOTIFICATIONS,
  SMS_FROM,
  callOutEnv,
  linkIn,
  startProvider,
  startSmtp,
  userId,
  verifiedContact,
} from './test-fixtures.ts';

/** what a browser sends when the link in a message is clicked */
const HTML = { accept: 'text/html,application/xhtml+xml' };

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let provider: Awaited<ReturnType<typeof startProvider>>;
let manager: string;
let operator: string;
let projectId: string;
let operatorId: string;
let managerId: string;

beforeAll(async () => {
  smtp = await startSmtp();
  provider = await startProvider();
  t = await createTestApp({ env: callOutEnv(smtp.url, provider.origin) });
  ({ projectId } = await createPiezometers(t, CERRO, {}));
  manager = await tokenFor(t, 'manager', projectId);
  operator = await tokenFor(t, 'operator', projectId);
  operatorId = await userId(t, 'operator');
  managerId = await userId(t, 'manager');
  await verifiedContact(t, 'operator', 'email', 'operator@example.org');
  await verifiedContact(t, 'operator', 'sms', '+41791112233');
  await verifiedContact(t, 'operator', 'webhook', `${provider.origin}/hooks/operator`);
  await verifiedContact(t, 'manager', 'email', 'manager@example.org');
  // An address the operator added and never verified: never used for alarms.
  await t.db
    .insertInto('contacts')
    .values({
      id: 'unverified-contact',
      user_id: operatorId,
      kind: 'email',
      address: 'not-verified@example.org',
      verified_at: null,
      quiet_hours: null,
      code_hash: null,
      code_expires_at: null,
      code_attempts: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await provider.close();
});

const deliveriesOf = async (alarmId: string, token = operator): Promise<Delivery[]> => {
  const res = await t.call('GET', `${NOTIFICATIONS}/deliveries?alarm_id=${alarmId}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.objects;
};

let rosterId: string;
let policyId: string;

describe('rosters and policies', () => {
  it('lets managers make a roster and a policy, and operators only read them', async () => {
    const roster = {
      name: 'Night shift',
      members: [operatorId, managerId],
      shift_hours: 12,
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      timezone: 'America/Lima',
    };
    expect((await t.call('POST', `${NOTIFICATIONS}/rosters`, { token: operator, body: roster })).status).toBe(403);
    const made = await t.call('POST', `${NOTIFICATIONS}/rosters`, { token: manager, body: roster });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    rosterId = made.body.id;
    const onCall = await t.call('GET', `${NOTIFICATIONS}/rosters/${rosterId}/on-call`, { token: operator });
    expect(onCall.body.user_id).toBe(operatorId);
    // an operator, who may not list users, is told whom the call-out reaches by name
    const names = await t.db.selectFrom('users').select(['id', 'first_name', 'last_name']).execute();
    const nameOf = (id: string) => names.filter((u) => u.id === id).map((u) => `${u.first_name} ${u.last_name}`)[0];
    expect(onCall.body.user_name).toBe(nameOf(operatorId));
    const all = await t.call('GET', `${NOTIFICATIONS}/rosters/on-call`, { token: operator });
    expect(all.body.objects).toEqual([
      expect.objectContaining({
        roster_id: rosterId,
        now: expect.objectContaining({ user_id: operatorId, user_name: nameOf(operatorId) }),
        next: expect.objectContaining({ user_id: managerId, user_name: nameOf(managerId) }),
      }),
    ]);

    const policy = {
      name: 'Red call-out',
      tarp_level: 'red',
      steps: [
        { after_minutes: 0, target: { roster_id: rosterId }, channels: ['email', 'sms', 'webhook'] },
        { after_minutes: 10, target: { user_id: managerId }, channels: ['email', 'voice'] },
      ],
    };
    const refused = await t.call('POST', `${NOTIFICATIONS}/escalation-policies`, {
      token: manager,
      body: { ...policy, tarp_level: 'purple' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.tarp_level).toBeDefined();
    const created = await t.call('POST', `${NOTIFICATIONS}/escalation-policies`, { token: manager, body: policy });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    policyId = created.body.id;
    const twice = await t.call('POST', `${NOTIFICATIONS}/escalation-policies`, { token: manager, body: policy });
    expect(twice.status).toBe(409);
  });
});

describe('a test of the policy, end to end', () => {
  let alarmId: string;
  let startedAt: number;

  it('raises a test alarm and queues the first step’s deliveries to verified contacts only', async () => {
    expect(
      (await t.call('POST', `${NOTIFICATIONS}/escalation-policies/${policyId}/test`, { token: operator })).status,
    ).toBe(403);
    startedAt = Date.now();
    const res = await t.call('POST', `${NOTIFICATIONS}/escalation-policies/${policyId}/test`, { token: manager });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    alarmId = res.body.alarm_id;
    const queued = await deliveriesOf(alarmId);
    expect(queued.map((d) => [d.step, d.channel, d.address, d.status]).sort()).toEqual(
      [
        [0, 'email', 'operator@example.org', 'queued'],
        [0, 'sms', '+41791112233', 'queued'],
        [0, 'webhook', `${provider.origin}/hooks/operator`, 'queued'],
      ].sort(),
    );
    const alarm = await t.call('GET', `/rules-engine/api/v1/alarms/${alarmId}`, { token: operator });
    expect(alarm.body.text).toMatch(/^TEST/);
    expect(alarm.body.source).toBe('call_out_test');
  });

  it('sends each by its channel, marked as a test, saying what, where, how bad and since when, with a link', async () => {
    expect(await t.app.callOut!.outbox.runOnce()).toBe(3);
    const mail = smtp.messages.find((m) => m.to.includes('operator@example.org'))!;
    expect(mail.subject).toMatch(/^\[TEST\] Critical alarm: Test of the call-out policy "Red call-out" · /);
    expect(mail.text).toContain('This is a test of the call-out');
    expect(mail.text).toContain('Where: Cerro Azul');
    expect(mail.text).toContain('How bad: Critical (TARP Red)');
    expect(mail.text).toMatch(/Since: .+ UTC/);
    expect(linkIn(mail.text)).toBeDefined();

    const sms = provider.requests.find((r) => r.path.endsWith('/Messages.json'))!;
    expect(sms.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(sms.headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(sms.form).toMatchObject({ To: '+41791112233', From: SMS_FROM });
    expect(sms.form.Body).toMatch(/^\[TEST\] Vigil Critical/);
    expect(linkIn(sms.form.Body!)).toBeDefined();

    const hook = provider.requests.find((r) => r.path === '/hooks/operator')!;
    expect(hook.signed).toBe(true);
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'alarm',
      test: true,
      alarm: { id: alarmId, level: 'critical' },
    });

    const sent = await deliveriesOf(alarmId);
    expect(sent.every((d) => d.status === 'sent' && d.attempts === 1 && d.sent_at)).toBe(true);
    expect(await t.app.callOut!.outbox.runOnce()).toBe(0);
  });

  it('escalates to the second step at its minute, not before (the engine’s tick, a fake clock)', async () => {
    await t.app.rulesEngine!.tick(new Date(startedAt + 9 * 60_000));
    expect((await deliveriesOf(alarmId)).filter((d) => d.step === 1)).toEqual([]);
    await t.app.rulesEngine!.tick(new Date(startedAt + 10 * 60_000 + 1000));
    const second = (await deliveriesOf(alarmId)).filter((d) => d.step === 1);
    expect(second.map((d) => [d.channel, d.address, d.status, d.user_id])).toEqual(
      expect.arrayContaining([
        ['email', 'manager@example.org', 'queued', managerId],
        // the manager has no verified phone: the log says so
        ['voice', '', 'failed', managerId],
      ]),
    );
    expect(second.find((d) => d.channel === 'voice')!.error).toBe('No verified voice contact');
    const history = await t.call('GET', `/rules-engine/api/v1/alarms/${alarmId}/history`, { token: operator });
    expect(history.body.objects.map((h: { action: string }) => h.action)).toContain('escalated');
  });

  it('acknowledges by the link as the person it was sent to, stops the escalation, and answers a page', async () => {
    const link = linkIn(smtp.messages.find((m) => m.to.includes('operator@example.org'))!.text)!;
    const res = await t.app.inject({ method: 'GET', url: link, headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Alarm acknowledged');

    const alarm = await t.call('GET', `/rules-engine/api/v1/alarms/${alarmId}`, { token: operator });
    expect(alarm.body.state).toBe('active_acknowledged');
    expect(alarm.body.acknowledged).toMatchObject({ by: 'operator', comment: 'Acknowledged by link from e-mail' });

    const log = await deliveriesOf(alarmId);
    expect(log.find((d) => d.channel === 'email' && d.step === 0)!.status).toBe('acknowledged');
    // the manager's queued e-mail of the second step is not sent
    expect(log.find((d) => d.channel === 'email' && d.step === 1)!.status).toBe('acknowledged');
    const before = smtp.messages.length;
    await t.app.callOut!.outbox.runOnce();
    await t.app.rulesEngine!.tick(new Date(startedAt + 60 * 60_000));
    await t.app.callOut!.outbox.runOnce();
    expect(smtp.messages.length).toBe(before);
    expect(await deliveriesOf(alarmId)).toHaveLength(log.length);
  });

  it('refuses a used link and a forged one with a clear page, acknowledging nothing', async () => {
    const link = linkIn(smtp.messages.find((m) => m.to.includes('operator@example.org'))!.text)!;
    const again = await t.app.inject({ method: 'GET', url: link, headers: HTML });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link acknowledges nothing');
    // the SMS's link is of the same episode: the alarm is acknowledged, so it is spent too
    const smsLink = linkIn(provider.requests.find((r) => r.path.endsWith('/Messages.json'))!.form.Body!)!;
    expect((await t.app.inject({ method: 'GET', url: smsLink, headers: HTML })).statusCode).toBe(410);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/rules-engine/api/v1/alarms/ack/forged-token-forged-token-forged',
      headers: HTML,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain('This link acknowledges nothing');
    // a program asking without HTML gets the error shape
    const asJson = await t.call('GET', link);
    expect(asJson.status).toBe(410);
    expect(asJson.body).toMatchObject({ error_type: 'Gone', message: expect.stringContaining('acknowledges nothing') });
    const history = await t.call('GET', `/rules-engine/api/v1/alarms/${alarmId}/history`, { token: operator });
    expect(history.body.objects.filter((h: { action: string }) => h.action === 'acknowledged')).toHaveLength(1);
  });

  it('keeps test alarms out of the alarm rates', async () => {
    const from = new Date(startedAt - 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const res = await t.call('GET', `/rules-engine/api/v1/alarm-report?from=${from}&to=${to}`, { token: manager });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(alarmId);
  });
});

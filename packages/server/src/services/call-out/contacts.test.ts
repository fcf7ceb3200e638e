import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import { CODE_SPENT, WRONG_CODE } from './contact-service.ts';
import { NOTIFICATIONS, SMS_FROM, callOutEnv, startProvider, startSmtp, until, userId } from './test-fixtures.ts';

const CONTACTS = `${NOTIFICATIONS}/contacts`;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let provider: Awaited<ReturnType<typeof startProvider>>;
let admin: string;
let manager: string;
let operator: string;

beforeAll(async () => {
  smtp = await startSmtp();
  provider = await startProvider();
  t = await createTestApp({ env: callOutEnv(smtp.url, provider.origin) });
  const { projectId } = await createPiezometers(t, CERRO, {});
  admin = await tokenFor(t, 'admin', projectId);
  manager = await tokenFor(t, 'manager', projectId);
  operator = await tokenFor(t, 'operator', projectId);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await provider.close();
});

/** The six digits last mailed to `address`. */
async function mailedCode(address: string, after = 0): Promise<string> {
  await until(() => smtp.messages.slice(after).some((m) => m.to.includes(address)));
  const mail = smtp.messages.slice(after).findLast((m) => m.to.includes(address))!;
  expect(mail.subject).toBe('Your Vigil verification code');
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

describe('contacts', () => {
  it('sends a code to a new e-mail address, refuses a wrong one, and verifies with the right one', async () => {
    const res = await t.call('POST', CONTACTS, {
      token: operator,
      body: { kind: 'email', address: 'Operator@Example.org' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'email', address: 'operator@example.org', verified_at: null });
    const code = await mailedCode('operator@example.org');
    const stored = await t.db
      .selectFrom('contacts')
      .select('code_hash')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await t.call('POST', `${CONTACTS}/${res.body.id}/verify`, {
      token: operator,
      body: { code: wrong },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.code).toEqual([WRONG_CODE]);
    const ok = await t.call('POST', `${CONTACTS}/${res.body.id}/verify`, { token: operator, body: { code } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.verified_at).not.toBeNull();
  });

  it('voids a code after five wrong tries until a new one is sent', async () => {
    const res = await t.call('POST', CONTACTS, {
      token: operator,
      body: { kind: 'email', address: 'second@example.org' },
    });
    const before = smtp.messages.length;
    const code = await mailedCode('second@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await t.call('POST', `${CONTACTS}/${res.body.id}/verify`, { token: operator, body: { code: wrong } });
    const spent = await t.call('POST', `${CONTACTS}/${res.body.id}/verify`, { token: operator, body: { code } });
    expect(spent.status).toBe(400);
    expect(spent.body.details.code).toEqual([CODE_SPENT]);
    expect((await t.call('POST', `${CONTACTS}/${res.body.id}/send-code`, { token: operator })).status).toBe(200);
    const fresh = await mailedCode('second@example.org', before + 1);
    const ok = await t.call('POST', `${CONTACTS}/${res.body.id}/verify`, { token: operator, body: { code: fresh } });
    expect(ok.status).toBe(200);
  });

  it('texts the code to a mobile number, and refuses numbers and addresses that are not', async () => {
    const bad = await t.call('POST', CONTACTS, { token: operator, body: { kind: 'sms', address: '0791234567' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.address).toBeDefined();
    expect((await t.call('POST', CONTACTS, { token: operator, body: { kind: 'email', address: 'nope' } })).status).toBe(
      400,
    );
    const res = await t.call('POST', CONTACTS, { token: operator, body: { kind: 'sms', address: '+41791234567' } });
    expect(res.status).toBe(201);
    await until(() => provider.requests.some((r) => r.form.To === '+41791234567'));
    const sms = provider.requests.find((r) => r.form.To === '+41791234567')!;
    expect(sms.form.From).toBe(SMS_FROM);
    expect(sms.form.Body).toMatch(/Your Vigil verification code is \d{6}/);
  });

  it('keeps quiet hours (in a known time zone) and deletes', async () => {
    const [mine] = (await t.call('GET', CONTACTS, { token: operator })).body.objects;
    const quiet = { from: '22:00', to: '06:00', timezone: 'America/Lima' };
    const set = await t.call('PATCH', `${CONTACTS}/${mine.id}`, { token: operator, body: { quiet_hours: quiet } });
    expect(set.status).toBe(200);
    expect(set.body.quiet_hours).toEqual(quiet);
    const badZone = { quiet_hours: { ...quiet, timezone: 'Mars/Olympus' } };
    expect((await t.call('PATCH', `${CONTACTS}/${mine.id}`, { token: operator, body: badZone })).status).toBe(400);
    const extra = await t.call('POST', CONTACTS, {
      token: operator,
      body: { kind: 'webhook', address: `${provider.origin}/x` },
    });
    expect((await t.call('DELETE', `${CONTACTS}/${extra.body.id}`, { token: operator })).status).toBe(204);
    expect((await t.call('GET', `${CONTACTS}/${extra.body.id}`, { token: operator })).status).toBe(404);
  });

  it('shows a user their own contacts; an administrator sees and manages those of the project’s members', async () => {
    const operatorId = await userId(t, 'operator');
    const own = await t.call('GET', CONTACTS, { token: manager });
    expect(own.body.objects).toEqual([]);
    const [theirs] = (await t.call('GET', CONTACTS, { token: operator })).body.objects;
    expect((await t.call('GET', `${CONTACTS}/${theirs.id}`, { token: manager })).status).toBe(404);
    const all = await t.call('GET', CONTACTS, { token: admin });
    expect(all.body.objects.map((c: { user_id: string }) => c.user_id)).toContain(operatorId);
    const forOperator = await t.call('POST', CONTACTS, {
      token: admin,
      body: { kind: 'email', address: 'night-desk@example.org', user_id: operatorId },
    });
    expect(forOperator.status).toBe(201);
    expect(forOperator.body.user_id).toBe(operatorId);
    const refused = await t.call('POST', CONTACTS, {
      token: manager,
      body: { kind: 'email', address: 'x@example.org', user_id: operatorId },
    });
    expect(refused.status).toBe(400);
  });
});

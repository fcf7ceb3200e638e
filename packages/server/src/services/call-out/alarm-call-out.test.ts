import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { pressureFor } from '../../test-support/rules.ts';
import { CERRO, INGEST, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { NOTIFICATIONS, callOutEnv, startProvider, startSmtp, userId, verifiedContact } from './test-fixtures.ts';

const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 110 },
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let provider: Awaited<ReturnType<typeof startProvider>>;
let d: TestDevices;
let admin: string;
let manager: string;

beforeAll(async () => {
  smtp = await startSmtp();
  provider = await startProvider();
  t = await createTestApp({ env: callOutEnv(smtp.url, provider.origin) });
  d = await createPiezometers(t, CERRO, { 'PZ-C1': 100, 'PZ-C2': 100 }, { metricLimits: LIMITS });
  admin = await tokenFor(t, 'admin', d.projectId);
  manager = await tokenFor(t, 'manager', d.projectId);
  const operatorId = await userId(t, 'operator');
  // Quiet from two hours ago to two hours on: warnings stay away from this address, critical alarms do not.
  const quiet = { from: hhmm(Date.now() - 7_200_000), to: hhmm(Date.now() + 7_200_000), timezone: 'UTC' };
  await verifiedContact(t, 'operator', 'email', 'quiet@example.org', quiet);
  await verifiedContact(t, 'operator', 'email', 'always@example.org');
  for (const [level, repeat] of [
    ['amber', 5],
    ['red', null],
  ] as const) {
    const res = await t.call('POST', `${NOTIFICATIONS}/escalation-policies`, {
      token: manager,
      body: {
        name: level,
        tarp_level: level,
        steps: [{ after_minutes: 0, target: { user_id: operatorId }, channels: ['email'] }],
        repeat_minutes: repeat,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await provider.close();
});

/** A reading `level` metres high, a minute ago: the alarm it raises is the rules engine's. */
async function send(eid: string, level: number, at = Date.now() - 60_000) {
  const res = await t.call('POST', INGEST, {
    token: admin,
    body: { eid, read_at: new Date(at).toISOString(), raw_metrics: { pressure: pressureFor(level), temperature: 10 } },
  });
  expect(res.status).toBe(200);
  await t.app.rulesEngine!.idle();
}

const alarmOf = async (eid: string) =>
  t.db
    .selectFrom('alarms')
    .select(['id', 'level', 'first_raised_at'])
    .where('entity_id', '=', d.ids[eid]!)
    .where('source', '=', 'metric_limits_state')
    .executeTakeFirstOrThrow();
const deliveries = async (alarmId: string) =>
  t.db.selectFrom('deliveries').selectAll().where('alarm_id', '=', alarmId).orderBy('created_at').execute();

describe('alarms raised by the rules engine', () => {
  it('queue the first step’s deliveries in the raising transaction, holding warnings back in quiet hours', async () => {
    const at = Date.now() - 60_000;
    await send('PZ-C1', 111, at);
    const alarm = await alarmOf('PZ-C1');
    expect(alarm.level).toBe('warning');
    // queued by the time the engine is idle: nothing else had to run
    const queued = await deliveries(alarm.id);
    expect(queued.map((q) => [q.address, q.status, q.round])).toEqual([['always@example.org', 'queued', 0]]);
    await t.app.callOut!.outbox.runOnce();
    expect(smtp.messages.map((m) => m.to)).toEqual([['always@example.org']]);
    expect(smtp.messages[0]!.subject).toMatch(/^Warning alarm: /);
    expect(smtp.messages[0]!.text).toContain('PZ-C1');
    // the reading that raised it, with its unit, against the limit it crossed
    expect(smtp.messages[0]!.text).toMatch(/^Reading: 111(\.\d{1,3})? m \(limit 110 m\)$/m);
  });

  it('repeats the policy while nobody acknowledges, at its repeat interval', async () => {
    const alarm = await alarmOf('PZ-C1');
    const raised = Date.parse(alarm.first_raised_at);
    await t.app.rulesEngine!.tick(new Date(raised + 4 * 60_000));
    expect(await deliveries(alarm.id)).toHaveLength(1);
    await t.app.rulesEngine!.tick(new Date(raised + 5 * 60_000 + 1000));
    const rounds = (await deliveries(alarm.id)).map((q) => q.round);
    expect(rounds).toEqual([0, 1]);
  });

  it('reaches every contact of a critical alarm, quiet hours or not', async () => {
    await send('PZ-C2', 116);
    const alarm = await alarmOf('PZ-C2');
    expect(alarm.level).toBe('critical');
    expect((await deliveries(alarm.id)).map((q) => q.address).sort()).toEqual([
      'always@example.org',
      'quiet@example.org',
    ]);
  });

  it('stops when the alarm is acknowledged in the app: the queued deliveries are not sent', async () => {
    await send('PZ-C1', 117);
    const alarm = await alarmOf('PZ-C1');
    const operator = await tokenFor(t, 'operator', d.projectId);
    const ack = await t.call('POST', `/rules-engine/api/v1/alarms/${alarm.id}/acknowledge`, {
      token: operator,
      body: { comment: 'On my way' },
    });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    const before = smtp.messages.length;
    // later than the repeat the fake clock queued above
    await t.app.callOut!.outbox.runOnce(new Date(Date.now() + 10 * 60_000));
    const mine = (await deliveries(alarm.id)).filter((q) => q.sent_at === null);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((q) => q.status === 'acknowledged')).toBe(true);
    // the other alarm (PZ-C2) still calls: its two go
    expect(smtp.messages.length - before).toBe(2);
  });
});

describe('who is on call, through the API', () => {
  it('hands over at the shift change and keeps the wall clock across a DST change, overrides winning', async () => {
    const [operatorId, managerId, adminId] = await Promise.all(
      ['operator', 'manager', 'admin'].map((u) => userId(t, u)),
    );
    const res = await t.call('POST', `${NOTIFICATIONS}/rosters`, {
      token: manager,
      body: {
        name: 'Dam watch',
        members: [operatorId, managerId],
        shift_hours: 12,
        starts_at: '2026-03-27T07:00:00+01:00',
        timezone: 'Europe/Zurich',
        overrides: [{ user_id: adminId, from: '2026-03-30T08:00:00Z', to: '2026-03-30T10:00:00Z' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const at = async (when: string) =>
      (await t.call('GET', `${NOTIFICATIONS}/rosters/${res.body.id}/on-call?at=${when}`, { token: manager })).body;
    expect(await at('2026-03-27T17:59:00Z')).toMatchObject({ user_id: operatorId });
    expect(await at('2026-03-27T18:00:00Z')).toMatchObject({ user_id: managerId, from: '2026-03-27T18:00:00.000Z' });
    // after the change to summer time the day shift still starts at 07:00 local, 05:00 UTC
    expect(await at('2026-03-29T06:00:00Z')).toMatchObject({
      from: '2026-03-29T05:00:00.000Z',
      to: '2026-03-29T17:00:00.000Z',
    });
    expect(await at('2026-03-30T09:00:00Z')).toMatchObject({ user_id: adminId });
    expect(
      (await t.call('GET', `${NOTIFICATIONS}/rosters/${res.body.id}/on-call?at=tomorrow`, { token: manager })).status,
    ).toBe(400);
  });
});

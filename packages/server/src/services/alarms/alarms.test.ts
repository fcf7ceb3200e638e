import type { Alarm } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { pressureFor } from '../../test-support/rules.ts';
import { CERRO, INGEST, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { NOTIFICATIONS } from '../notifications/test-fixtures.ts';

const ALARMS = '/rules-engine/api/v1/alarms';
const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 110 },
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];

let t: TestApp;
let admin: string;
let operator: string;
let d: TestDevices;

let delayed: TestDevices;

beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(
    t,
    CERRO,
    { 'PZ-A1': 100, 'PZ-A2': 100, 'PZ-A3': 100, 'PZ-A4': 100 },
    { metricLimits: LIMITS },
  );
  // A noisy channel whose engineer asked for a 30-minute on-delay on its warning limit.
  delayed = await createPiezometers(t, CERRO, { 'PZ-D1': 100 }, { metricLimits: [{ ...LIMITS[0], on_delay: 1800 }] });
  admin = await tokenFor(t, 'admin', d.projectId);
  operator = await tokenFor(t, 'operator', d.projectId);
});
afterAll(() => t.close());

let minute = 0;
/** A reading of the piezometer at `level` metres, ten minutes after the last one. */
async function send(eid: string, level: number) {
  minute += 10;
  const read_at = new Date(Date.now() - 3 * 86_400_000 + minute * 60_000).toISOString();
  const res = await t.call('POST', INGEST, {
    token: admin,
    body: { eid, read_at, raw_metrics: { pressure: pressureFor(level), temperature: 10 } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await t.app.rulesEngine!.idle();
}

async function alarmsOf(eid: string, scope = 'all'): Promise<Alarm[]> {
  const id = d.ids[eid] ?? delayed.ids[eid];
  const res = await t.call('GET', `${ALARMS}?scope=${scope}&monitored_entity_id=${id}`, { token: operator });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.objects;
}

async function limitAlarm(eid: string): Promise<Alarm> {
  const [alarm] = (await alarmsOf(eid)).filter((a) => a.source === 'metric_limits_state');
  expect(alarm, `no limit alarm of ${eid}`).toBeDefined();
  return alarm!;
}

/** The alarm block of the newest notifications of an entity. */
async function notifiedAlarms(eid: string) {
  const rows = await t.db
    .selectFrom('notifications')
    .select(['extra', 'text'])
    .where('entity_id', '=', d.ids[eid]!)
    .orderBy('seq', 'desc')
    .execute();
  return rows
    .map((r) => ({ text: r.text, alarm: JSON.parse(r.extra).alarm as { needs_action: boolean; state: string } | null }))
    .filter((n) => n.alarm);
}

describe('an alarm per source, through the ISA-18.2 states', () => {
  it('raises one alarm on a breach, counts a rise to critical on it, and clears to cleared-unacknowledged', async () => {
    await send('PZ-A1', 105);
    expect(await alarmsOf('PZ-A1')).toEqual([]);
    await send('PZ-A1', 111);
    let alarm = await limitAlarm('PZ-A1');
    expect(alarm).toMatchObject({
      state: 'active_unacknowledged',
      level: 'warning',
      colour: 'orange',
      occurrence_count: 1,
      tarp_level: 'amber',
      acknowledged: null,
      shelved: null,
      suppressed: null,
    });
    // The TARP's amber level asks for acknowledgement within 60 minutes.
    expect(Date.parse(alarm.ack_deadline!) - Date.parse(alarm.last_raised_at)).toBe(60 * 60_000);
    expect((await notifiedAlarms('PZ-A1'))[0]!.alarm).toMatchObject({
      needs_action: true,
      state: 'active_unacknowledged',
    });

    await send('PZ-A1', 116);
    alarm = await limitAlarm('PZ-A1');
    expect(alarm).toMatchObject({ level: 'critical', colour: 'red', occurrence_count: 2, tarp_level: 'red' });
    expect(await alarmsOf('PZ-A1')).toHaveLength(1);

    await send('PZ-A1', 100);
    await send('PZ-A1', 100);
    alarm = await limitAlarm('PZ-A1');
    expect(alarm.state).toBe('cleared_unacknowledged');
    expect(alarm.cleared_at).not.toBeNull();
    // Cleared but not yet seen: it stays in the open list until acknowledged.
    expect((await alarmsOf('PZ-A1', 'open')).map((a) => a.id)).toEqual([alarm.id]);
    expect(await alarmsOf('PZ-A1', 'active')).toEqual([]);
  });

  it('acknowledges with a comment, keeping who and when; a cleared alarm acknowledged is at rest', async () => {
    const { id } = await limitAlarm('PZ-A1');
    const refused = await t.call('POST', `${ALARMS}/${id}/acknowledge`, { token: operator, body: { comment: ' ' } });
    expect(refused.status).toBe(400);
    const res = await t.call('POST', `${ALARMS}/${id}/acknowledge`, {
      token: operator,
      body: { comment: 'Pond level rose after the storm; crest inspected, no seepage' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      state: 'normal',
      ack_deadline: null,
      acknowledged: { by: 'operator', comment: 'Pond level rose after the storm; crest inspected, no seepage' },
    });
    const again = await t.call('POST', `${ALARMS}/${id}/acknowledge`, { token: operator, body: { comment: 'twice' } });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('Conflict');

    const history = await t.call('GET', `${ALARMS}/${id}/history`, { token: operator });
    expect(history.body.objects.map((h: { action: string }) => h.action)).toEqual([
      'acknowledged',
      'cleared',
      'raised',
      'raised',
    ]);
    expect(history.body.objects[0]).toMatchObject({ by: 'operator', comment: expect.stringContaining('storm') });
    expect(history.body.objects[3].by).toBeNull();
  });

  it('keeps an acknowledged active alarm quiet while it holds, and asks again when it rises', async () => {
    await send('PZ-A2', 111);
    const { id } = await limitAlarm('PZ-A2');
    await t.call('POST', `${ALARMS}/${id}/acknowledge`, { token: operator, body: { comment: 'Seen' } });
    expect((await limitAlarm('PZ-A2')).state).toBe('active_acknowledged');
    await send('PZ-A2', 116);
    const risen = await limitAlarm('PZ-A2');
    expect(risen).toMatchObject({ state: 'active_unacknowledged', level: 'critical', acknowledged: null });
    expect((await notifiedAlarms('PZ-A2'))[0]!.alarm!.needs_action).toBe(true);
  });
});

describe('deadband and delays (ADR 0023) as alarms', () => {
  it('raises one alarm for a value hovering at its limit, inside the deadband', async () => {
    for (const level of [109.9, 110.1, 109.8, 110.2, 109.9, 110.05, 109.95]) await send('PZ-A4', level);
    const alarms = await alarmsOf('PZ-A4');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      source: 'metric_limits_state',
      state: 'active_unacknowledged',
      occurrence_count: 1,
    });
  });

  it('raises none for a breach shorter than the limit’s on-delay, and one for a breach that lasts', async () => {
    await send('PZ-D1', 105);
    await send('PZ-D1', 111); // beyond the warning limit for 10 minutes only
    await send('PZ-D1', 105);
    expect(await alarmsOf('PZ-D1')).toEqual([]);
    for (const level of [111, 111.5, 111.2, 111.4]) await send('PZ-D1', level); // 30 minutes and more
    const [alarm] = await alarmsOf('PZ-D1');
    expect(alarm).toMatchObject({ source: 'metric_limits_state', level: 'warning', occurrence_count: 1 });
  });
});

describe('shelving', () => {
  it('holds an alarm back for at most 24 hours with a reason, and unshelves it by itself at expiry', async () => {
    const { id } = await limitAlarm('PZ-A2');
    const tooLong = await t.call('POST', `${ALARMS}/${id}/shelve`, {
      token: operator,
      body: { reason: 'x', hours: 25 },
    });
    expect(tooLong.status).toBe(400);
    const res = await t.call('POST', `${ALARMS}/${id}/shelve`, {
      token: operator,
      body: { reason: 'Sensor cable repair under way', hours: 2 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shelved).toMatchObject({ by: 'operator', reason: 'Sensor cable repair under way' });
    expect(Date.parse(res.body.shelved.until) - Date.parse(res.body.shelved.at)).toBe(2 * 3_600_000);
    const shelvedList = await t.call('GET', `${ALARMS}?shelved=true`, { token: operator });
    expect(shelvedList.body.objects.map((a: Alarm) => a.id)).toContain(id);

    // Cleared and raised again while shelved: counted, but nobody is asked to act.
    for (const level of [100, 100, 100, 117]) await send('PZ-A2', level);
    expect((await limitAlarm('PZ-A2')).occurrence_count).toBe(3);
    expect((await notifiedAlarms('PZ-A2'))[0]!.alarm!.needs_action).toBe(false);

    await t.app.rulesEngine!.tick(new Date(Date.now() + 2 * 3_600_000 + 60_000));
    const after = await t.call('GET', `${ALARMS}/${id}`, { token: operator });
    expect(after.body.shelved).toBeNull();
    const history = await t.call('GET', `${ALARMS}/${id}/history`, { token: operator });
    expect(history.body.objects).toContainEqual(expect.objectContaining({ action: 'unshelved', by: null }));
  });
});

describe('escalation', () => {
  it('escalates an alarm not acknowledged by its TARP deadline once, with a notification to the next role', async () => {
    await send('PZ-A3', 116);
    const alarm = await limitAlarm('PZ-A3');
    expect(alarm.tarp_level).toBe('red');
    const deadline = Date.parse(alarm.ack_deadline!);
    await t.app.rulesEngine!.tick(new Date(deadline - 60_000));
    expect((await limitAlarm('PZ-A3')).escalated_at).toBeNull();
    await t.app.rulesEngine!.tick(new Date(deadline + 60_000));
    await t.app.rulesEngine!.tick(new Date(deadline + 120_000));
    expect((await limitAlarm('PZ-A3')).escalated_at).not.toBeNull();
    const escalations = (await notifiedAlarms('PZ-A3')).filter((n) => n.text.startsWith('Not acknowledged in time'));
    expect(escalations).toHaveLength(1);
    expect(escalations[0]!.text).toContain('escalated to Manager');

    // It is for the managers (and administrators), not for the operators who let it wait.
    const manager = await tokenFor(t, 'manager', d.projectId);
    const listed = async (token: string) => {
      const res = await t.call('GET', `${NOTIFICATIONS}/?paginate_by=100`, { token });
      expect(res.status).toBe(200);
      return (res.body.objects as Array<{ id: string; text: string }>).filter((n) =>
        n.text.startsWith('Not acknowledged in time'),
      );
    };
    expect(await listed(operator)).toEqual([]);
    const forManagers = await listed(manager);
    expect(forManagers.length).toBeGreaterThanOrEqual(1);
    expect(forManagers.every((n) => n.text.includes('escalated to Manager'))).toBe(true);
    const ids = (list: Array<{ id: string }>) => list.map((n) => n.id).sort();
    expect(ids(await listed(admin))).toEqual(ids(forManagers));
    const forManager = forManagers[0];
    const one = `${NOTIFICATIONS}/${forManager!.id}/`;
    expect((await t.call('GET', one, { token: operator })).status).toBe(404);
    expect((await t.call('GET', one, { token: manager })).status).toBe(200);
    // Marking everything read marks only what the operator may see.
    await t.call('POST', `${NOTIFICATIONS}/mark-all-read/`, { token: operator });
    const readers = await t.db
      .selectFrom('notification_reads')
      .select('user_id')
      .where('notification_id', '=', forManager!.id)
      .execute();
    expect(readers).toEqual([]);
  });
});

describe('TARP levels', () => {
  it('answers the defaults, and takes an administrator’s levels (403 for others, 400 for a colour on two levels)', async () => {
    const res = await t.call('GET', '/rules-engine/api/v1/tarp-levels', { token: operator });
    expect(res.body.levels.map((l: { key: string }) => l.key)).toEqual(['amber', 'red']);
    const levels = res.body.levels;
    const mine = [{ ...levels[0], actions: ['Call the dam engineer'] }, levels[1]];
    expect(
      (await t.call('PUT', '/rules-engine/api/v1/tarp-levels', { token: operator, body: { levels: mine } })).status,
    ).toBe(403);
    const bad = [levels[0], { ...levels[1], colours: ['red', 'orange'] }];
    const refused = await t.call('PUT', '/rules-engine/api/v1/tarp-levels', { token: admin, body: { levels: bad } });
    expect(refused.status).toBe(400);
    const saved = await t.call('PUT', '/rules-engine/api/v1/tarp-levels', { token: admin, body: { levels: mine } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.levels[0].actions).toEqual(['Call the dam engineer']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, INGEST, OUSE, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { recordInvalidPayload } from '../ingest/pipeline.ts';
import { at, eventsOf, ingest, pressureFor } from '../../test-support/rules.ts';

// No off-delay: these tests count one event per crossing (a limit clears at the first reading back).
const LIMITS = [
  {
    group: 'calculated_metrics',
    metric: 'piezometric_level',
    level: 'critical',
    bound: 'upper',
    value: 115,
    off_delay: 0,
  },
];
const EVENTS = '/rules-engine/api/v1/events/';

let t: TestApp;
let token: string;
let d: TestDevices;
let ouseToken: string;

beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(t, CERRO, { 'PZ-E1': 100, 'PZ-E2': 100 }, { metricLimits: LIMITS });
  await createPiezometers(t, CERRO, { 'PZ-M1': 100 }, { metricLimits: LIMITS, maintenanceMode: true });
  token = await tokenFor(t, 'admin', d.projectId);
  const ouse = await createPiezometers(t, OUSE, { 'PZ-O1': 100 }, { metricLimits: LIMITS });
  ouseToken = await tokenFor(t, 'admin', ouse.projectId);
});
afterAll(() => t.close());

const breach = (eid: string, minutes: number) => ({
  eid,
  read_at: at(minutes),
  raw_metrics: { pressure: pressureFor(120), temperature: 10 },
});

describe('events', () => {
  it('turns concurrent identical readings into one event, not two', async () => {
    const requests = Array.from({ length: 6 }, () =>
      t.call('POST', INGEST, { token, body: [breach('PZ-E1', 5), breach('PZ-E1', 5)] }),
    );
    for (const res of await Promise.all(requests)) expect(res.status).toBe(200);
    await t.app.rulesEngine!.idle();
    const events = await eventsOf(t, token, d.ids['PZ-E1']);
    expect(events.map((e) => e.type)).toEqual(['metric_limit_reached', 'metric_limits_state_changed']);
    const notifications = await t.db
      .selectFrom('notifications')
      .select('notification_type')
      .where('entity_id', '=', d.ids['PZ-E1']!)
      .execute();
    expect(notifications).toHaveLength(2);
  });

  it('keeps the history of an entity in maintenance but notifies nobody', async () => {
    await ingest(t, token, breach('PZ-M1', 5));
    const id = (
      await t.db.selectFrom('monitored_entities').select('id').where('eid', '=', 'PZ-M1').executeTakeFirstOrThrow()
    ).id;
    expect((await eventsOf(t, token, id)).map((e) => e.type)).toEqual([
      'metric_limit_reached',
      'metric_limits_state_changed',
    ]);
    const notifications = await t.db.selectFrom('notifications').select('id').where('entity_id', '=', id).execute();
    expect(notifications).toEqual([]);
  });

  it('records unknown and invalid payloads as events', async () => {
    await ingest(t, token, { eid: 'NOBODY-1', read_at: at(1), raw_metrics: { x: 1 } });
    // what the MQTT listener does with a message it cannot read
    await recordInvalidPayload(t.app, d.projectId, {
      eid: 'PZ-E2',
      text: '{"eid": "PZ-E2", "read_at": ',
      reason: 'Unexpected end of JSON input',
    });
    await t.app.rulesEngine!.idle();
    const events = await eventsOf(t, token);
    const unknown = events.find((e) => e.type === 'unknown_payload_received')!;
    expect(unknown.context).toMatchObject({ eid: 'NOBODY-1', payload_type: 'unknown_eid' });
    expect(JSON.parse(unknown.context.incoming_payload).eid).toBe('NOBODY-1');
    const invalid = (await eventsOf(t, token, d.ids['PZ-E2'])).find((e) => e.type === 'invalid_payload_received')!;
    expect(invalid.context).toMatchObject({ eid: 'PZ-E2', payload_type: 'invalid_payload' });
    expect(invalid.context.extra).toMatchObject({
      reason: 'Unexpected end of JSON input',
      exception_type: 'PayloadParseError',
      exception_details: 'Unexpected end of JSON input',
    });
    expect(invalid.context.extra.exception_traceback).toContain('Unexpected end of JSON input');
  });

  it('filters by entities, types, rule types and creation time, newest first, 10 a page', async () => {
    for (let i = 0; i < 6; i++)
      await ingest(t, token, [
        breach('PZ-E2', 100 + i * 20),
        { ...breach('PZ-E2', 110 + i * 20), raw_metrics: { pressure: 0, temperature: 10 } },
      ]);
    const all = await t.call('GET', `${EVENTS}?monitored_entity_ids=${d.ids['PZ-E2']}`, { token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 19, page: 1, paginate_by: 10 });
    expect(all.body.objects).toHaveLength(10);
    const times = all.body.objects.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const reached = await t.call('GET', `${EVENTS}?monitored_entity_ids=${d.ids['PZ-E2']}&types=metric_limit_reached`, {
      token,
    });
    expect(reached.body.count).toBe(6);
    const byRule = await t.call('GET', `${EVENTS}?rule_types=payload`, { token });
    expect(byRule.body.objects.every((e: { rule_type: string }) => e.rule_type === 'payload')).toBe(true);
    const both = await t.call(
      'GET',
      `${EVENTS}?monitored_entity_ids=${d.ids['PZ-E1']},${d.ids['PZ-E2']}&types=metric_limit_reached,metric_limits_state_changed&paginate_by=100`,
      { token },
    );
    expect(both.body.count).toBe(20);
    const future = await t.call(
      'GET',
      `${EVENTS}?created_at.from_time=${new Date(Date.now() + 60_000).toISOString()}`,
      {
        token,
      },
    );
    expect(future.body.count).toBe(0);
    const fields = await t.call('GET', `${EVENTS}?fields=id,type&paginate_by=1`, { token });
    expect(Object.keys(fields.body.objects[0]).sort()).toEqual(['id', 'type']);
  });

  it('answers bad input in the error shape and keeps projects apart', async () => {
    for (const query of [
      'created_at.from_time=yesterday',
      'paginate_by=0',
      'colour=red',
      'ordering=secret',
      'types=a;b',
    ]) {
      const res = await t.call('GET', `${EVENTS}?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
    }
    expect((await t.call('GET', EVENTS)).status).toBe(401);
    const [event] = await eventsOf(t, token, d.ids['PZ-E1']);
    const other = await t.call('GET', `${EVENTS}?monitored_entity_ids=${d.ids['PZ-E1']}`, { token: ouseToken });
    expect(other.body.count).toBe(0);
    const execution = await t.call('GET', `/rules-engine/api/v1/state-rule-executions/${event!.rule_execution_id}`, {
      token: ouseToken,
    });
    expect(execution.status).toBe(404);
    expect(execution.body.error_type).toBe('NotFound');
    const missing = await t.call('GET', '/rules-engine/api/v1/state-rule-executions/nope', { token });
    expect(missing.status).toBe(404);
  });
});

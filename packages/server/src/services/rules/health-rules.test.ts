import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, INGEST, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';

const SLA = 600; // seconds
let t: TestApp;
let token: string;
let devices: TestDevices;

beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-H1': 100 }, { contractedSlaTime: SLA });
  token = await tokenFor(t, 'admin', devices.projectId);
});
afterAll(() => t.close());

let clock = Date.parse('2026-11-01T00:00:00Z');
const sent: string[] = [];
/** Sends one payload `minutes` after the previous one; returns its read_at. */
async function after(minutes: number) {
  clock += minutes * 60_000;
  const read_at = new Date(clock).toISOString();
  sent.push(read_at);
  const res = await t.call('POST', INGEST, { token, body: { eid: 'PZ-H1', read_at, raw_metrics: { pressure: 100 } } });
  expect(res.status).toBe(200);
  await t.app.rulesEngine!.idle();
  return read_at;
}

async function healthEvents() {
  const query = `monitored_entity_ids=${devices.ids['PZ-H1']}&types=health_state_changed&ordering=created_at`;
  const res = await t.call('GET', `/rules-engine/api/v1/events/?${query}&paginate_by=100`, { token });
  expect(res.status).toBe(200);
  return res.body.objects as Array<{ context: Record<string, any>; rule_execution_id: string }>;
}

async function health() {
  const row = await t.db
    .selectFrom('monitored_entities')
    .select('states')
    .where('id', '=', devices.ids['PZ-H1']!)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.states).health_state as string;
}

describe('health from the intervals between payloads', () => {
  it('waits for two intervals, then starts healthy without news', async () => {
    await after(0);
    await after(5);
    expect(await health()).toBe('unknown');
    await after(5);
    expect(await health()).toBe('green');
    expect(await healthEvents()).toEqual([]);
  });

  it('turns irregular when an interval exceeds the SLA, with the interval table newest first', async () => {
    const late = await after(20);
    expect(await health()).toBe('yellow');
    const [event] = await healthEvents();
    expect(event!.context).toMatchObject({
      prev_health_state: 'green',
      health_state: 'yellow',
      contracted_sla_time: SLA,
      read_at: late,
      intervals: [
        { read_at: late, interval_seconds: 1200 },
        { read_at: sent[2], interval_seconds: 300 },
        { read_at: sent[1], interval_seconds: 300 },
        { read_at: sent[0], interval_seconds: null },
      ],
    });
    const execution = await t.call('GET', `/rules-engine/api/v1/state-rule-executions/${event!.rule_execution_id}`, {
      token,
    });
    expect(execution.body).toMatchObject({
      rule_type: 'health_state',
      rule_execution_result: 'irregular',
      reason: '1 of 3 intervals beyond the contracted SLA time (600 s)',
    });
  });

  it('stays irregular at half the intervals beyond, turns unhealthy beyond half', async () => {
    await after(20); // 2 of 4
    expect(await health()).toBe('yellow');
    await after(20); // 3 of 5
    expect(await health()).toBe('orange');
    expect((await healthEvents()).at(-1)!.context).toMatchObject({
      prev_health_state: 'yellow',
      health_state: 'orange',
    });
  });

  it('returns through irregular to healthy as the long intervals leave the latest ten payloads', async () => {
    await after(5); // 3 of 6
    expect(await health()).toBe('yellow');
    // Ten payloads keep nine intervals: the three long ones (the 3rd to 5th) are all gone at the 14th.
    for (let i = 7; i <= 13; i++) {
      await after(5);
      expect(await health()).toBe('yellow');
    }
    await after(5);
    expect(await health()).toBe('green');
    const list = await healthEvents();
    expect(list.map((e) => e.context.health_state)).toEqual(['yellow', 'orange', 'yellow', 'green']);
    const back = list.at(-1)!.context;
    expect(back.intervals).toHaveLength(10);
    expect(back.intervals.slice(0, 9).every((i: { interval_seconds: number }) => i.interval_seconds === 300)).toBe(
      true,
    );
    expect(back.intervals[9].interval_seconds).toBeNull();
  });
});

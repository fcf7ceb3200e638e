import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, INGEST, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';

// Piezometric level = tip (100 m) + pressure / 9.8068: pressure 98.068 kPa is 110 m.
const kpaFor = (level: number) => (level - 100) * 9.8068;
const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 110 },
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];

let t: TestApp;
let token: string;
let devices: TestDevices;

beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-L1': 100 }, { metricLimits: LIMITS });
  token = await tokenFor(t, 'admin', devices.projectId);
});
afterAll(() => t.close());

let minute = 0;
async function send(level: number) {
  minute += 10;
  const read_at = new Date(Date.parse('2026-11-01T00:00:00Z') + minute * 60_000).toISOString();
  const res = await t.call('POST', INGEST, {
    token,
    body: { eid: 'PZ-L1', read_at, raw_metrics: { pressure: kpaFor(level), temperature: 10 } },
  });
  expect(res.status).toBe(200);
  await t.app.rulesEngine!.idle();
  return read_at;
}

async function events() {
  const res = await t.call(
    'GET',
    `/rules-engine/api/v1/events/?monitored_entity_ids=${devices.ids['PZ-L1']}&paginate_by=100&ordering=created_at`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.objects as Array<{
    type: string;
    context: Record<string, unknown>;
    rule_execution_id: string | null;
  }>;
}

async function limitsState() {
  const entity = await t.db
    .selectFrom('monitored_entities')
    .select('states')
    .where('id', '=', devices.ids['PZ-L1']!)
    .executeTakeFirstOrThrow();
  return JSON.parse(entity.states).metric_limits_state as string;
}

describe('metric limits', () => {
  it('starts green without news, then raises each crossing and its return', async () => {
    await send(105);
    expect(await limitsState()).toBe('green');
    expect(await events()).toEqual([]);

    await send(110); // reaches warning (limits are inclusive)
    expect(await limitsState()).toBe('orange');
    let list = await events();
    expect(list.map((e) => e.type)).toEqual(['metric_limit_reached', 'metric_limits_state_changed']);
    expect(list[0]!.context).toMatchObject({
      metric_label: 'Piezometric level',
      limit_level: 'warning',
      limit_bound: 'upper',
      limit_value: 110,
    });
    expect(list[0]!.context.metric_value).toBeCloseTo(110, 6);
    expect(list[1]!.context).toMatchObject({ prev_metric_limits_state: 'green', metric_limits_state: 'orange' });

    await send(112); // still warning: nothing new
    expect((await events()).length).toBe(2);

    await send(116); // critical
    list = await events();
    expect(list.slice(2).map((e) => [e.type, e.context.metric_limits_state])).toEqual([
      ['metric_limit_reached', 'red'],
      ['metric_limits_state_changed', 'red'],
    ]);

    // Back within limits: a limit clears once the value has stayed back past its deadband for its
    // off-delay (5 minutes by default, ADR 0023), so the first reading back, ten minutes after the
    // last breach, only starts the clock and the next one clears it.
    await send(100);
    expect(await limitsState()).toBe('red');
    await send(100);
    list = await events();
    expect(list.at(-1)).toMatchObject({
      type: 'metric_limits_state_changed',
      context: { prev_metric_limits_state: 'red', metric_limits_state: 'green' },
    });
    expect(await limitsState()).toBe('green');

    const execution = await t.call(
      'GET',
      `/rules-engine/api/v1/state-rule-executions/${list.at(-1)!.rule_execution_id}`,
      { token },
    );
    expect(execution.status).toBe(200);
    expect(execution.body).toMatchObject({
      rule_type: 'metric_limits_state',
      rule_name: 'Metric limits',
      rule_execution_result: 'normal',
    });
    expect(execution.body.execution_log[0]).toMatch(/within limits/);
    expect(execution.body.rule).toContain('piezometric_level >= 110, deadband 1.1, off-delay 300 s (warning)');
  });
});

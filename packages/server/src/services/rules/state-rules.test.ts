import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { at, eventsOf, executionOf, ingest, pressureFor, statesOf } from '../../test-support/rules.ts';

const SAFETY = [
  { rule: 'piezometric_level > 115', rule_description: 'Critical level', state: 'red' },
  { rule: 'piezometric_level > 110', rule_description: 'Warning level', state: 'orange' },
];

let t: TestApp;
let token: string;
let d: TestDevices;
const reading = (eid: string, minutes: number, level: number) => ({
  eid,
  read_at: at(minutes),
  raw_metrics: { pressure: pressureFor(level), temperature: 10 },
});

beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(t, CERRO, { 'PZ-S1': 100 }, { rules: { safety_state_rules: SAFETY } });
  await createPiezometers(
    t,
    CERRO,
    { 'PZ-S2': 100 },
    {
      rules: {
        operational_state_rules: [
          { rule: 'piezometric_level > 110', rule_description: 'Three in a row', state: 'yellow', repeatability: 3 },
        ],
      },
    },
  );
  await createPiezometers(
    t,
    CERRO,
    { 'PZ-S3': 100 },
    {
      rules: {
        safety_state_rules: [
          { rule: 'no_such_metric > 1', rule_description: 'Broken rule', state: 'red' },
          { rule: 'piezometric_level > 110', rule_description: 'Working rule', state: 'orange' },
        ],
        advanced_indicators: [{ name: 'Rapid rise', rule: 'piezometric_level > 112', rule_execution_id: null }],
      },
    },
  );
  await createPiezometers(
    t,
    CERRO,
    { 'PZ-S4': 100 },
    {
      rules: {
        safety_state_rules: [
          // only at minute 0 of each hour (UTC)
          { rule: 'piezometric_level > 110', rule_description: 'On the hour', state: 'red', schedule: '0 * * * *' },
        ],
      },
    },
  );
  token = await tokenFor(t, 'admin', d.projectId);
});
afterAll(() => t.close());

const idOf = async (eid: string) =>
  (await t.db.selectFrom('monitored_entities').select('id').where('eid', '=', eid).executeTakeFirstOrThrow()).id;

describe('safety and operational state rules', () => {
  it('takes the state of the first rule that holds, green when none does, with its execution', async () => {
    const id = d.ids['PZ-S1']!;
    await ingest(t, token, reading('PZ-S1', 10, 105));
    expect((await statesOf(t, id)).safety_state).toBe('green');
    expect((await eventsOf(t, token, id)).filter((e) => e.type === 'safety_state_changed')).toEqual([]);

    await ingest(t, token, reading('PZ-S1', 20, 116));
    await ingest(t, token, reading('PZ-S1', 30, 112));
    await ingest(t, token, reading('PZ-S1', 40, 100));
    const changes = (await eventsOf(t, token, id)).filter((e) => e.type === 'safety_state_changed');
    expect(changes.map((e) => [e.context.prev_safety_state, e.context.safety_state])).toEqual([
      ['green', 'red'],
      ['red', 'orange'],
      ['orange', 'green'],
    ]);
    expect(changes[0]!.context).toMatchObject({ rule_name: 'Critical level', rule: 'piezometric_level > 115' });
    const execution = await executionOf(t, token, changes[0]!.rule_execution_id);
    expect(execution).toMatchObject({
      rule_type: 'safety_state',
      rule_name: 'Critical level',
      rule: 'piezometric_level > 115',
      rule_execution_result: true,
      schedule: null,
      repeatability: 1,
      schedule_match_result: true,
      repeatability_check_result: true,
      error: null,
    });
    expect(execution.execution_log[0]).toMatch(/^rule 1 \(piezometric_level > 115\) = true/);
    const states = await statesOf(t, id);
    expect(states.safety_state).toBe('green');
    expect(states.safety_state_changed_at).toBe(at(40));

    const notifications = await t.db
      .selectFrom('notifications')
      .select(['text', 'level'])
      .where('entity_id', '=', id)
      .where('notification_type', '=', 'safety_state_changed')
      .orderBy('seq')
      .execute();
    expect(notifications).toEqual([
      { text: 'Safety State Changed from green to red', level: 'critical' },
      { text: 'Safety State Changed from red to orange', level: 'warning' },
      { text: 'Safety State Changed from orange to green', level: 'info' },
    ]);
  });

  it('counts a rule only after it held `repeatability` evaluations in a row', async () => {
    const id = await idOf('PZ-S2');
    for (const [minutes, level] of [
      [10, 112],
      [20, 112],
      [30, 100],
      [40, 112],
      [50, 112],
    ] as const) {
      await ingest(t, token, reading('PZ-S2', minutes, level));
      expect((await statesOf(t, id)).operational_state).toBe('green');
    }
    await ingest(t, token, reading('PZ-S2', 60, 112));
    expect((await statesOf(t, id)).operational_state).toBe('yellow');
    const [change] = (await eventsOf(t, token, id)).filter((e) => e.type === 'operational_state_changed');
    expect(change!.context).toMatchObject({ prev_operational_state: 'green', operational_state: 'yellow' });
  });

  it('applies a scheduled rule only when the reading falls in its schedule', async () => {
    const id = await idOf('PZ-S4');
    await ingest(t, token, reading('PZ-S4', 10, 112)); // 00:10: outside
    expect((await statesOf(t, id)).safety_state).toBe('green');
    await ingest(t, token, reading('PZ-S4', 60, 112)); // 01:00: inside
    expect((await statesOf(t, id)).safety_state).toBe('red');
  });

  it('records a failing expression with its error once, and the other rules still decide', async () => {
    const id = await idOf('PZ-S3');
    await ingest(t, token, reading('PZ-S3', 10, 111));
    await ingest(t, token, reading('PZ-S3', 20, 111.5));
    expect((await statesOf(t, id)).safety_state).toBe('orange');
    const failures = await t.db
      .selectFrom('state_rule_executions')
      .selectAll()
      .where('entity_id', '=', id)
      .where('error', 'is not', null)
      .execute();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ rule_type: 'safety_state', rule: 'no_such_metric > 1' });
    expect(failures[0]!.error).toMatch(/no_such_metric/);
  });

  it('raises an advanced indicator and keeps its latest execution on the entity', async () => {
    const id = await idOf('PZ-S3');
    await ingest(t, token, reading('PZ-S3', 30, 113));
    const [change] = (await eventsOf(t, token, id)).filter((e) => e.type === 'advanced_indicator_state_changed');
    expect(change!.context).toMatchObject({
      advanced_indicator_name: 'Rapid rise',
      advanced_indicator_state: 'red',
      prev_advanced_indicator_state: 'green',
    });
    const entity = await t.db
      .selectFrom('monitored_entities')
      .select('rules')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entity.rules).advanced_indicators[0].rule_execution_id).toBe(change!.rule_execution_id);
    const execution = await executionOf(t, token, change!.rule_execution_id);
    expect(execution).toMatchObject({
      rule_type: 'advanced_indicator',
      rule_name: 'Rapid rise',
      rule_execution_result: true,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { eventsOf, executionOf, ingest, statesOf } from '../../test-support/rules.ts';

let t: TestApp;
let token: string;
let d: TestDevices;
const SLA = 600;
const payload = (eid: string) => ({
  eid,
  read_at: new Date().toISOString(),
  raw_metrics: { pressure: 50, temperature: 10 },
});
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(t, CERRO, { 'PZ-C1': 100 }, { contractedSlaTime: SLA });
  await createPiezometers(
    t,
    CERRO,
    { 'PZ-C2': 100 },
    {
      contractedSlaTime: SLA,
      rules: {
        connectivity_state_rules: [
          { rule: 'elapsed > 3 * contracted_sla_time', rule_description: 'Offline', state: 'red' },
          { rule: 'elapsed > contracted_sla_time', rule_description: 'Late', state: 'orange' },
        ],
      },
    },
  );
  token = await tokenFor(t, 'admin', d.projectId);
});
afterAll(() => t.close());

describe('connectivity', () => {
  it('turns red when a device falls silent, with no new reading, and green when it speaks again', async () => {
    const id = d.ids['PZ-C1']!;
    await ingest(t, token, payload('PZ-C1'));
    expect((await statesOf(t, id)).connectivity_state).toBe('green');

    await t.app.rulesEngine!.tick(later(SLA - 5));
    expect((await statesOf(t, id)).connectivity_state).toBe('green');

    await t.app.rulesEngine!.tick(later(SLA + 5));
    await t.app.rulesEngine!.tick(later(SLA + 60)); // still silent: no second event
    expect((await statesOf(t, id)).connectivity_state).toBe('red');
    let events = (await eventsOf(t, token, id)).filter((e) => e.type === 'connectivity_state_changed');
    expect(events).toHaveLength(1);
    const entity = await t.db
      .selectFrom('entity_payload_times')
      .select(['latest_payload_read_at', 'latest_payload_received_at'])
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(events[0]!.context).toMatchObject({
      prev_connectivity_state: 'green',
      connectivity_state: 'red',
      contracted_sla_time: SLA,
      latest_payload_read_at: entity.latest_payload_read_at,
      latest_payload_received_at: entity.latest_payload_received_at,
      rule: 'elapsed > contracted_sla_time',
    });
    const execution = await executionOf(t, token, events[0]!.rule_execution_id);
    expect(execution).toMatchObject({ rule_type: 'connectivity_state', rule: 'elapsed > contracted_sla_time' });
    expect(execution.advanced_indicators).toEqual([]);

    await ingest(t, token, payload('PZ-C1'));
    expect((await statesOf(t, id)).connectivity_state).toBe('green');
    events = (await eventsOf(t, token, id)).filter((e) => e.type === 'connectivity_state_changed');
    expect(events.map((e) => e.context.connectivity_state)).toEqual(['red', 'green']);

    // the events list carries what the interval table needs (requirements#monitoring-entities event list item)
    const list = await t.call(
      'GET',
      `/rules-engine/api/v1/events/?monitored_entity_ids=${id}&types=connectivity_state_changed&fields=id,created_at,context.connectivity_state,context.contracted_sla_time,monitored_entity.connectivity_state`,
      { token },
    );
    expect(list.body.objects[0]).toEqual({
      id: events[1]!.id,
      created_at: events[1]!.created_at,
      context: { connectivity_state: 'green', contracted_sla_time: SLA },
      monitored_entity: { connectivity_state: 'green' },
    });
  });

  it("follows the entity's own connectivity rules", async () => {
    const id = (
      await t.db.selectFrom('monitored_entities').select('id').where('eid', '=', 'PZ-C2').executeTakeFirstOrThrow()
    ).id;
    await ingest(t, token, payload('PZ-C2'));
    await t.app.rulesEngine!.tick(later(SLA * 2));
    expect((await statesOf(t, id)).connectivity_state).toBe('orange');
    await t.app.rulesEngine!.tick(later(SLA * 4));
    expect((await statesOf(t, id)).connectivity_state).toBe('red');
    const events = (await eventsOf(t, token, id)).filter((e) => e.type === 'connectivity_state_changed');
    expect(events.map((e) => [e.context.prev_connectivity_state, e.context.connectivity_state])).toEqual([
      ['green', 'orange'],
      ['orange', 'red'],
    ]);
    expect(events[1]!.context.rule_description).toBe('Offline');
  });
});

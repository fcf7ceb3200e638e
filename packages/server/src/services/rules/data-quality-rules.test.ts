import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, INGEST, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';

const CLEAN = 100; // kPa
const INVALID = 5000; // beyond the pressure's upper invalid bound (2000 kPa)
let t: TestApp;
let token: string;
let nodeId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  // An interface node (a logger) with three piezometers wired to it.
  const node = await createPiezometers(t, CERRO, { 'LOG-1': 0 });
  nodeId = node.ids['LOG-1']!;
  await t.db
    .updateTable('monitored_entities')
    .set({ entity_type: 'interface-node' })
    .where('id', '=', nodeId)
    .execute();
  ({ ids } = await createPiezometers(
    t,
    CERRO,
    { 'PZ-D1': 100, 'PZ-D2': 100, 'PZ-D3': 100 },
    { interfaceNodeId: nodeId },
  ));
  token = await tokenFor(t, 'admin', node.projectId);
});
afterAll(() => t.close());

let minute = 0;
/** One payload per instrument, in one request: pressure by eid. */
async function send(pressures: Record<string, number>) {
  minute += 10;
  const read_at = new Date(Date.parse('2026-11-01T00:00:00Z') + minute * 60_000).toISOString();
  const body = Object.entries(pressures).map(([eid, pressure]) => ({ eid, read_at, raw_metrics: { pressure } }));
  const res = await t.call('POST', INGEST, { token, body });
  expect(res.status).toBe(200);
  await t.app.rulesEngine!.idle();
}

async function nodeEvents() {
  const query = `monitored_entity_ids=${nodeId}&types=data_quality_issues_state_changed&ordering=created_at`;
  const res = await t.call('GET', `/rules-engine/api/v1/events/?${query}&paginate_by=100`, { token });
  expect(res.status).toBe(200);
  return res.body.objects as Array<{ context: Record<string, any>; rule_execution_id: string }>;
}

async function nodeState() {
  const row = await t.db
    .selectFrom('monitored_entities')
    .select('states')
    .where('id', '=', nodeId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.states).data_quality_issues_state as string;
}

const row = (
  eid: string,
  metric_quality_state: string,
  { health_state = 'unknown', maintenance_mode = false } = {},
) => ({
  id: ids[eid],
  eid,
  title: `Piezometer ${eid}`,
  health_state,
  metric_quality_state,
  abnormality_state: 'unknown',
  maintenance_mode,
});

describe('data quality issues of an interface node', () => {
  it('starts at none without news when its instruments report clean values', async () => {
    await send({ 'PZ-D1': CLEAN, 'PZ-D2': CLEAN, 'PZ-D3': CLEAN });
    expect(await nodeState()).toBe('green');
    expect(await nodeEvents()).toEqual([]);
  });

  it('is some with one instrument of three with an issue, with the table of instruments and the node', async () => {
    await send({ 'PZ-D1': INVALID });
    expect(await nodeState()).toBe('yellow');
    const [event] = await nodeEvents();
    expect(event!.context).toEqual({
      prev_data_quality_issues_state: 'green',
      data_quality_issues_state: 'yellow',
      health_state: 'unknown',
      metric_quality_state: 'unknown',
      abnormality_state: 'unknown',
      maintenance_mode: false,
      instruments: [row('PZ-D1', 'yellow'), row('PZ-D2', 'green'), row('PZ-D3', 'green')],
      instruments_with_issues: 1,
      rule_execution_id: event!.rule_execution_id,
    });
    const execution = await t.call('GET', `/rules-engine/api/v1/state-rule-executions/${event!.rule_execution_id}`, {
      token,
    });
    expect(execution.body).toMatchObject({
      rule_type: 'data_quality_issues_state',
      rule_execution_result: 'some',
      reason: '1 of 3 instruments with data quality issues',
    });
  });

  it('is most with at least half of them, and none again when they all recover in one batch', async () => {
    await send({ 'PZ-D2': INVALID });
    expect(await nodeState()).toBe('orange');
    await send({ 'PZ-D1': CLEAN, 'PZ-D2': CLEAN });
    expect(await nodeState()).toBe('green');
    const list = await nodeEvents();
    expect(list.map((e) => [e.context.prev_data_quality_issues_state, e.context.data_quality_issues_state])).toEqual([
      ['green', 'yellow'],
      ['yellow', 'orange'],
      ['orange', 'green'],
    ]);
    expect(list[1]!.context.instruments_with_issues).toBe(2);
  });

  it('counts an instrument in maintenance as an issue, found on the engine tick', async () => {
    // as every registry edit does, updated_at moves with it (ADR 0018)
    await t.db
      .updateTable('monitored_entities')
      .set({ maintenance_mode: 1, updated_at: new Date().toISOString() })
      .where('id', '=', ids['PZ-D3']!)
      .execute();
    await t.app.rulesEngine!.tick();
    expect(await nodeState()).toBe('yellow');
    const last = (await nodeEvents()).at(-1)!.context;
    // PZ-D1 and PZ-D2 have sent three payloads within the SLA by now: healthy.
    expect(last.instruments).toEqual([
      row('PZ-D1', 'green', { health_state: 'green' }),
      row('PZ-D2', 'green', { health_state: 'green' }),
      row('PZ-D3', 'green', { maintenance_mode: true }),
    ]);
  });

  it('counts an instrument wired to another node there, from its next reading', async () => {
    const other = (await createPiezometers(t, CERRO, { 'LOG-2': 0 })).ids['LOG-2']!;
    await t.db
      .updateTable('monitored_entities')
      .set({ entity_type: 'interface-node' })
      .where('id', '=', other)
      .execute();
    const moved = await t.call('PATCH', `/device-registry/api/v1/instruments/${ids['PZ-D1']}`, {
      token,
      body: { interface_node: other },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await send({ 'PZ-D1': INVALID });
    const row = await t.db
      .selectFrom('monitored_entities')
      .select('states')
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.states).data_quality_issues_state).toBe('orange');
  });
});

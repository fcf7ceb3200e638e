import type { Alarm } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ingest, pressureFor } from '../../test-support/rules.ts';
import { CERRO, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { applyAlarmEvents, type AlarmEvent } from './apply-alarm-signals.ts';

const ALARMS = '/rules-engine/api/v1/alarms';
const SLA = 600;
const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];

let t: TestApp;
let token: string;
let node: TestDevices;
let wired: TestDevices;
let kept: TestDevices;

beforeAll(async () => {
  t = await createTestApp();
  // A logger with two piezometers wired to it, and a piezometer in maintenance.
  node = await createPiezometers(t, CERRO, { 'LOG-S1': 0 }, { contractedSlaTime: SLA });
  await t.db
    .updateTable('monitored_entities')
    .set({ entity_type: 'interface-node' })
    .where('id', '=', node.ids['LOG-S1']!)
    .execute();
  wired = await createPiezometers(
    t,
    CERRO,
    { 'PZ-S1': 100, 'PZ-S2': 100 },
    { contractedSlaTime: SLA, interfaceNodeId: node.ids['LOG-S1']! },
  );
  kept = await createPiezometers(t, CERRO, { 'PZ-M1': 100 }, { metricLimits: LIMITS, maintenanceMode: true });
  token = await tokenFor(t, 'admin', node.projectId);
});
afterAll(() => t.close());

async function alarmsOf(entityId: string | null, source?: string): Promise<Alarm[]> {
  const filter = entityId ? `&monitored_entity_id=${entityId}` : '';
  const res = await t.call('GET', `${ALARMS}?scope=all&paginate_by=500${filter}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.objects as Alarm[]).filter((a) => !source || a.source === source);
}

const now = () => new Date().toISOString();

describe('suppression', () => {
  it('keeps the alarm of a device in maintenance, suppressed and notified to nobody', async () => {
    await ingest(t, token, {
      eid: 'PZ-M1',
      read_at: now(),
      raw_metrics: { pressure: pressureFor(120), temperature: 9 },
    });
    const [alarm] = await alarmsOf(kept.ids['PZ-M1']!, 'metric_limits_state');
    expect(alarm).toMatchObject({ state: 'active_unacknowledged', level: 'critical', suppressed: 'maintenance' });
    const notes = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('entity_id', '=', kept.ids['PZ-M1']!)
      .execute();
    expect(notes).toEqual([]);
  });

  it('gives a silent logger one connectivity alarm: its instruments’ silence is suppressed under it', async () => {
    const read_at = now();
    await ingest(t, token, [
      { eid: 'LOG-S1', read_at, raw_metrics: { pressure: 0, temperature: 20 } },
      { eid: 'PZ-S1', read_at, raw_metrics: { pressure: 10, temperature: 9 } },
      { eid: 'PZ-S2', read_at, raw_metrics: { pressure: 10, temperature: 9 } },
    ]);
    await t.app.rulesEngine!.tick(new Date(Date.now() + (SLA + 30) * 1000));
    const [logger] = await alarmsOf(node.ids['LOG-S1']!, 'connectivity_state');
    expect(logger).toMatchObject({ state: 'active_unacknowledged', suppressed: null });
    for (const eid of ['PZ-S1', 'PZ-S2']) {
      const [instrument] = await alarmsOf(wired.ids[eid]!, 'connectivity_state');
      expect(instrument, eid).toMatchObject({ state: 'active_unacknowledged', suppressed: 'interface_node_silent' });
    }
    // Only the logger's alarm asks an operator to act.
    const asking = await t.db
      .selectFrom('notifications')
      .select(['entity_id', 'extra'])
      .where('notification_type', '=', 'connectivity_state_changed')
      .where('entity_id', 'in', [node.ids['LOG-S1']!, wired.ids['PZ-S1']!, wired.ids['PZ-S2']!])
      .execute();
    const needing = asking.filter((n) => JSON.parse(n.extra).alarm?.needs_action).map((n) => n.entity_id);
    expect(needing).toEqual([node.ids['LOG-S1']]);

    // Back online: every connectivity alarm clears.
    await ingest(t, token, [
      { eid: 'LOG-S1', read_at: now(), raw_metrics: { pressure: 0, temperature: 20 } },
      { eid: 'PZ-S1', read_at: now(), raw_metrics: { pressure: 10, temperature: 9 } },
    ]);
    expect((await alarmsOf(node.ids['LOG-S1']!, 'connectivity_state'))[0]!.state).toBe('cleared_unacknowledged');
  });
});

describe('one alarm per source', () => {
  it('counts concurrent identical raises on one alarm', async () => {
    const entityId = kept.ids['PZ-M1']!;
    const event = (): AlarmEvent => ({
      projectId: kept.projectId,
      entity: { id: entityId, interfaceNodeId: null, suppressed: null },
      eventId: newId(),
      type: 'safety_state_changed',
      level: 'critical',
      colour: 'red',
      context: {},
      text: 'Safety State Changed to red',
      at: now(),
    });
    // Two writers at once, each in its own transaction (PostgreSQL runs them side by side).
    await Promise.all(
      Array.from({ length: 4 }, () => t.db.transaction().execute((trx) => applyAlarmEvents(trx, [event()]))),
    );
    const alarms = await alarmsOf(entityId, 'safety_state');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.occurrence_count).toBe(4);
  });

  it('raises an unknown device’s payloads as one alarm that needs acknowledging, counted per payload', async () => {
    const eid = `GHOST-${Date.now()}`;
    await ingest(t, token, { eid, read_at: now(), raw_metrics: { x: 1 } });
    await ingest(t, token, { eid, read_at: new Date(Date.now() + 1000).toISOString(), raw_metrics: { x: 2 } });
    const alarms = (await alarmsOf(null)).filter((a) => a.source === `unknown_payload:${eid}`);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ state: 'cleared_unacknowledged', occurrence_count: 2, monitored_entity: null });
    const notes = await t.db
      .selectFrom('notifications')
      .select('extra')
      .where('notification_type', '=', 'unknown_payload_received')
      .orderBy('seq')
      .execute();
    const mine = notes.map((n) => JSON.parse(n.extra)).filter((x) => x.event_context.eid === eid);
    expect(mine.map((x) => x.alarm.needs_action)).toEqual([true, false]);
  });
});

describe('the TARP checklist and the report', () => {
  it('ticks the alarm level’s actions off, and refuses an action the level does not have', async () => {
    const [alarm] = await alarmsOf(kept.ids['PZ-M1']!, 'metric_limits_state');
    const url = `${ALARMS}/${alarm!.id}/checklist`;
    expect((await t.call('POST', url, { token, body: { index: 1, done: true } })).body.checklist_done).toEqual([1]);
    expect((await t.call('POST', url, { token, body: { index: 0, done: true } })).body.checklist_done).toEqual([0, 1]);
    expect((await t.call('POST', url, { token, body: { index: 1, done: false } })).body.checklist_done).toEqual([0]);
    expect((await t.call('POST', url, { token, body: { index: 9, done: true } })).status).toBe(400);
  });

  it('reports the period’s annunciated raises per hour, peak ten minutes and most frequent sources', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const res = await t.call('GET', `/rules-engine/api/v1/alarm-report?from=${from}&to=${to}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const raises = await t.db
      .selectFrom('alarm_history')
      .select(['alarm_id', 'details'])
      .where('project_id', '=', kept.projectId)
      .where('action', '=', 'raised')
      .where('at', '>=', from)
      .execute();
    // What reached an operator counts; a raise shelved, suppressed or counted on an alarm already
    // waiting does not (the four concurrent raises above asked once).
    const annunciated = raises.filter((r) => JSON.parse(r.details).annunciated);
    expect(annunciated.length).toBeLessThan(raises.length);
    expect(res.body.raised).toBe(annunciated.length);
    expect(res.body.alarms_per_hour).toBeCloseTo(annunciated.length / 2, 6);
    expect(res.body.peak_10_minutes.count).toBe(annunciated.length);
    expect(res.body.top_sources.map((s: { source: string }) => s.source)).toContain('safety_state');
    const bad = await t.call('GET', `/rules-engine/api/v1/alarm-report?from=${to}&to=${from}`, { token });
    expect(bad.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { toJson } from '../../db/values.ts';
import { at, eventsOf, ingest, pressureFor, statesOf } from '../../test-support/rules.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';

// Deadbands and delays of metric limits (ADR 0023), on the piezometric level (tip 100 m).
const limit = (level: 'warning' | 'critical', value: number, extra: object = {}) => ({
  group: 'calculated_metrics',
  metric: 'piezometric_level',
  level,
  bound: 'upper',
  value,
  ...extra,
});

let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const devices = {
    // default deadband 1 % of 110 m = 1.1 m (a quarter of the 5 m to the critical limit is more)
    'PZ-HOVER': [limit('warning', 110), limit('critical', 115)],
    'PZ-ONDELAY': [limit('warning', 110, { on_delay: 600 })],
    'PZ-READINGS': [limit('warning', 110, { on_delay_readings: 3 })],
    'PZ-OFFDELAY': [limit('warning', 110, { deadband: 0.5, off_delay: 600 })],
    'PZ-CRITICAL': [limit('warning', 110, { on_delay: 600 }), limit('critical', 115)],
    'PZ-UPGRADED': [limit('warning', 110)],
  };
  for (const [eid, metricLimits] of Object.entries(devices)) {
    Object.assign(ids, (await createPiezometers(t, CERRO, { [eid]: 100 }, { metricLimits })).ids);
  }
  const project = await t.db.selectFrom('projects').select('id').where('name', '=', CERRO).executeTakeFirstOrThrow();
  token = await tokenFor(t, 'admin', project.id);
});
afterAll(() => t.close());

/** Sends piezometric levels of `eid`, one a minute from minute `from`. */
const send = (eid: string, levels: number[], from: number) =>
  ingest(
    t,
    token,
    levels.map((level, i) => ({ eid, read_at: at(from + i), raw_metrics: { pressure: pressureFor(level) } })),
  );

async function limitEvents(eid: string) {
  const events = await eventsOf(t, token, ids[eid]);
  return events
    .filter((e) => e.type.startsWith('metric_limit'))
    .map((e) => {
      const c = e.context;
      const what =
        e.type === 'metric_limit_reached' ? c.limit_level : `${c.prev_metric_limits_state}>${c.metric_limits_state}`;
      return [e.type, c.read_at, what];
    });
}

describe(`metric limit deadbands and delays (${TEST_DIALECT})`, () => {
  it('raises a value hovering at a limit once, and clears it once it has stayed back past the deadband', async () => {
    await send('PZ-HOVER', [105, 109.9, 110.1, 109.8, 110.2, 109.9, 110.3, 109.2, 110.05, 109.5], 0);
    expect(await limitEvents('PZ-HOVER')).toEqual([
      ['metric_limit_reached', at(2), 'warning'],
      ['metric_limits_state_changed', at(2), 'green>orange'],
    ]);
    // 108.8 is past the 1.1 m deadband: the warning clears five minutes (the default off-delay) later
    await send('PZ-HOVER', [108.8, 108.7, 108.6, 108.8, 108.7, 108.6], 10);
    const events = await limitEvents('PZ-HOVER');
    expect(events).toHaveLength(3);
    expect(events[2]).toEqual(['metric_limits_state_changed', at(15), 'orange>green']);
    expect((await statesOf(t, ids['PZ-HOVER']!)).metric_limits_state).toBe('green');
  });

  it('raises nothing for a breach shorter than the on-delay, and a longer one when the delay has passed', async () => {
    await send('PZ-ONDELAY', [105, 111, 111, 111, 111, 109, 105], 0); // four minutes beyond: shorter than ten
    expect(await limitEvents('PZ-ONDELAY')).toEqual([]);
    await send(
      'PZ-ONDELAY',
      Array.from({ length: 12 }, () => 111),
      10,
    ); // minutes 10 to 21
    expect(await limitEvents('PZ-ONDELAY')).toEqual([
      ['metric_limit_reached', at(20), 'warning'],
      ['metric_limits_state_changed', at(20), 'green>orange'],
    ]);
  });

  it('waits for as many readings in a row beyond the limit as the limit asks', async () => {
    await send('PZ-READINGS', [105, 111, 111, 105, 111, 111, 111], 0);
    expect(await limitEvents('PZ-READINGS')).toEqual([
      ['metric_limit_reached', at(6), 'warning'],
      ['metric_limits_state_changed', at(6), 'green>orange'],
    ]);
  });

  it('keeps a limit raised until the value has stayed back for the off-delay, without raising it again', async () => {
    await send('PZ-OFFDELAY', [105, 111, 109, 109, 109, 111], 0); // back for two minutes, then beyond again
    await send(
      'PZ-OFFDELAY',
      Array.from({ length: 11 }, () => 109),
      10,
    ); // back for ten minutes: cleared
    expect(await limitEvents('PZ-OFFDELAY')).toEqual([
      ['metric_limit_reached', at(1), 'warning'],
      ['metric_limits_state_changed', at(1), 'green>orange'],
      ['metric_limits_state_changed', at(20), 'orange>green'],
    ]);
  });

  it('never delays a critical breach by default, whatever the warning limit asks', async () => {
    await send('PZ-CRITICAL', [105, 116], 0);
    const events = await eventsOf(t, token, ids['PZ-CRITICAL']);
    const reached = events.filter((e) => e.type === 'metric_limit_reached');
    expect(reached.map((e) => [e.context.limit_level, e.context.read_at])).toEqual([['critical', at(1)]]);
    expect((await statesOf(t, ids['PZ-CRITICAL']!)).metric_limits_state).toBe('red');
  });

  it("raises no limit again after an upgrade from memories that kept only each metric's level", async () => {
    const id = ids['PZ-UPGRADED']!;
    const level = { 'calculated_metrics.piezometric_level': 'warning' };
    await t.db
      .insertInto('rule_memory')
      .values({ entity_id: id, memory: toJson({ limit_levels: level }), updated_at: at(0) })
      .execute();
    await t.db
      .updateTable('monitored_entities')
      .set({ states: toJson({ metric_limits_state: 'orange' }) })
      .where('id', '=', id)
      .execute();
    await send('PZ-UPGRADED', [111, 109.5, 111], 0);
    expect(await limitEvents('PZ-UPGRADED')).toEqual([]);
    await send('PZ-UPGRADED', [105, 105, 105, 105, 105, 105], 10);
    expect(await limitEvents('PZ-UPGRADED')).toEqual([['metric_limits_state_changed', at(15), 'orange>green']]);
  });
});

import { evaluateNelson, TREND_RULES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJson, toJson } from '../../db/values.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { eventsOf, ingest, statesOf } from '../../test-support/rules.ts';
import { ingestPayloads } from '../ingest/pipeline.ts';
import { CERRO, OUSE, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import { startRulesEngine } from './engine.ts';

// Nelson's rules on hourly means (ADR 0023): readings a minute apart, 0.25 kPa of noise.
const MINUTE = 60_000;
const START = Date.parse('2026-11-01T00:00:00Z');
const HISTORY_MINUTES = 3 * 24 * 60;
const NOISE = 0.25;
const LEVEL = 'calculated_metrics.piezometric_level';
const WATCHED = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 1e9 },
];

/** Deterministic standard normal draws (mulberry32 and Box–Muller). */
function gaussians(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

let t: TestApp;
let token: string;
const projects: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, eids] of [
    [CERRO, ['PZ-SMOOTH', 'PZ-SHIFT', 'PZ-SPIKE', 'PZ-RESTART']],
    [OUSE, ['PZ-ALARMING']],
  ] as const) {
    const devices = await createPiezometers(t, name, Object.fromEntries(eids.map((eid) => [eid, 100])), {
      metricLimits: WATCHED,
    });
    projects[name] = devices.projectId;
    Object.assign(ids, devices.ids);
  }
  // The Ouse project makes trend events alarms (its attrs.alarmSettings); Cerro Azul keeps the default.
  const ouse = await t.db
    .selectFrom('projects')
    .select('attrs')
    .where('id', '=', projects[OUSE]!)
    .executeTakeFirstOrThrow();
  const attrs = { ...fromJson<object>(ouse.attrs, {}), alarmSettings: { trendNotifications: 'alarm' } };
  await t.db
    .updateTable('projects')
    .set({ attrs: toJson(attrs) })
    .where('id', '=', projects[OUSE]!)
    .execute();
  token = await tokenFor(t, 'admin', projects[CERRO]!);
});
afterAll(() => t.close());

/**
 * `minutes` pressures of a series, one a minute from `from` (minutes after START): `shape` plus noise
 * of σ NOISE, correlated from one reading to the next by `phi` (a smooth sensor's is, at a minute).
 */
function series(seed: number, from: number, minutes: number, shape: (minute: number) => number, phi = 0) {
  const draw = gaussians(seed);
  let noise = draw();
  return Array.from({ length: minutes }, (_, i) => {
    noise = phi * noise + Math.sqrt(1 - phi * phi) * draw();
    return { minute: from + i, pressure: shape(from + i) + NOISE * noise };
  });
}
const payloads = (eid: string, points: Array<{ minute: number; pressure: number }>) =>
  points.map((p) => ({
    eid,
    read_at: new Date(START + p.minute * MINUTE).toISOString(),
    raw_metrics: { pressure: p.pressure },
  }));

/** Three days of the series stored as a back-filled history (never evaluated), then `minutes` sent live. */
async function run(eid: string, project: string, shape: (minute: number) => number, minutes: number, phi = 0) {
  const seed = eid.length * 7;
  const history = payloads(eid, series(seed, 0, HISTORY_MINUTES, shape, phi));
  for (let i = 0; i < history.length; i += 5000) {
    await ingestPayloads(t.app, projects[project]!, history.slice(i, i + 5000), 'history');
  }
  const live = series(seed + 1, HISTORY_MINUTES, minutes, shape, phi);
  const as = project === CERRO ? token : await tokenFor(t, 'admin', projects[project]!);
  for (let i = 0; i < live.length; i += 240) await ingest(t, as, payloads(eid, live.slice(i, i + 240)));
  return live;
}

const minuteAt = (minute: number) => new Date(START + minute * MINUTE).toISOString();
const ofType = async (eid: string, type: string, as = token) =>
  (await eventsOf(t, as, ids[eid])).filter((e) => e.type === type && (!e.context.metric || e.context.metric === LEVEL));

describe(`Nelson's rules on period means (${TEST_DIALECT})`, () => {
  it('raises a handful of trend events, not dozens, over a day of a smooth series read every minute', async () => {
    const drift = (minute: number) => 100 + minute / 2880; // half a kPa a day
    const live = await run('PZ-SMOOTH', CERRO, drift, 24 * 60, 0.9);
    const trending = await ofType('PZ-SMOOTH', 'trend_state_trending');
    const changes = await ofType('PZ-SMOOTH', 'trend_state_changed');
    expect(trending.length).toBeLessThanOrEqual(6);
    expect(changes.length).toBeLessThanOrEqual(4);
    expect(await ofType('PZ-SMOOTH', 'abnormality_state_out_of_control')).toEqual([]);

    // The same readings, each evaluated against the fifty before it (the engine before ADR 0023),
    // start a trend rule at more than two points an hour: correlated neighbours make runs.
    const levels = live.map((p) => 100 + p.pressure / 9.8068);
    let onsets = 0;
    let before: number[] = [];
    for (let i = 50; i < levels.length; i++) {
      const fired = evaluateNelson(levels.slice(i - 50, i + 1)).fired.filter((r) => TREND_RULES.includes(r));
      if (fired.some((r) => !before.includes(r))) onsets++;
      before = fired;
    }
    expect(onsets).toBeGreaterThan(48);
  }, 60_000);

  it('fires on a genuine shift of the hourly mean, at the reading that closes the period', async () => {
    const shiftAt = HISTORY_MINUTES + 120;
    const shifted = (minute: number) => (minute >= shiftAt ? 100.3 : 100);
    await run('PZ-SHIFT', CERRO, shifted, 300);
    const trending = await ofType('PZ-SHIFT', 'trend_state_trending');
    expect(trending.length).toBeGreaterThan(0);
    const first = trending[0]!.context;
    // two of three means beyond 2σ (rule 5) once the second shifted hour has closed
    expect(first).toMatchObject({ nelson_rule_number: 5, period_start: minuteAt(shiftAt + 60), period_seconds: 3600 });
    expect(first.period_readings).toBe(60);
    expect(first.read_at).toBe(minuteAt(shiftAt + 120));
    expect((await statesOf(t, ids['PZ-SHIFT']!)).trend_state).toBe('yellow');
    // trend events are advice unless the project makes them alarms
    const levels = await t.db
      .selectFrom('notifications')
      .select('level')
      .where('entity_id', '=', ids['PZ-SHIFT']!)
      .where('notification_type', 'in', ['trend_state_trending', 'trend_state_changed'])
      .execute();
    expect(levels.length).toBeGreaterThan(0);
    expect(new Set(levels.map((n) => n.level))).toEqual(new Set(['info']));
  }, 60_000);

  it('raises trend events as warnings where the project makes them alarms', async () => {
    const shiftAt = HISTORY_MINUTES + 120;
    await run('PZ-ALARMING', OUSE, (minute) => (minute >= shiftAt ? 100.3 : 100), 300);
    const levels = await t.db
      .selectFrom('notifications')
      .select('level')
      .where('entity_id', '=', ids['PZ-ALARMING']!)
      .where('notification_type', '=', 'trend_state_trending')
      .execute();
    expect(levels.length).toBeGreaterThan(0);
    expect(new Set(levels.map((n) => n.level))).toEqual(new Set(['warning']));
  }, 60_000);

  it('raises out-of-control at once on a spike, and holds it until its period closes', async () => {
    await run('PZ-SPIKE', CERRO, () => 100, 10);
    const spikeAt = HISTORY_MINUTES + 10;
    const reading = (minute: number, pressure: number) => payloads('PZ-SPIKE', [{ minute, pressure }]);
    await ingest(t, token, reading(spikeAt, 105));
    const onsets = await ofType('PZ-SPIKE', 'abnormality_state_out_of_control');
    expect(onsets.map((e) => e.context.read_at)).toEqual([minuteAt(spikeAt)]);
    expect(onsets[0]!.context.nelson_rule_1).toMatchObject({ result: true });
    expect((await statesOf(t, ids['PZ-SPIKE']!)).abnormality_state).toBe('red');

    await ingest(t, token, [...reading(spikeAt + 1, 100), ...reading(spikeAt + 2, 105.5)]);
    expect(await ofType('PZ-SPIKE', 'abnormality_state_out_of_control')).toHaveLength(1);
    expect((await statesOf(t, ids['PZ-SPIKE']!)).abnormality_state).toBe('red');
    await ingest(t, token, reading(HISTORY_MINUTES + 60, 100)); // the next hour
    expect((await statesOf(t, ids['PZ-SPIKE']!)).abnormality_state).toBe('green');
  }, 60_000);

  it('keeps the open period across a restart of the engine', async () => {
    const live = await run('PZ-RESTART', CERRO, () => 100, 30);
    await t.app.rulesEngine!.stop();
    const engine = startRulesEngine(
      { db: t.db, dialect: TEST_DIALECT, bus: t.app.bus, log: t.app.log },
      { tickSeconds: 3600 },
    );
    const rest = series(9, HISTORY_MINUTES + 30, 30, () => 100);
    await t.call('POST', '/ingest/api/v1/payloads', { token, body: payloads('PZ-RESTART', rest) });
    await engine.idle();
    await engine.stop();
    const row = await t.db
      .selectFrom('rule_memory')
      .select('memory')
      .where('entity_id', '=', ids['PZ-RESTART']!)
      .executeTakeFirstOrThrow();
    const open = fromJson<{ statistics: Record<string, { open: { n: number; mean: number } }> }>(row.memory, {
      statistics: {},
    }).statistics[LEVEL]!.open;
    const levels = [...live, ...rest].map((p) => 100 + p.pressure / 9.8068);
    expect(open.n).toBe(60);
    expect(open.mean).toBeCloseTo(levels.reduce((a, b) => a + b, 0) / levels.length, 9);
  }, 60_000);
});

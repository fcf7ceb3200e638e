import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT, createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, INGEST, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { ingestPayloads } from '../ingest/pipeline.ts';
import { fromJson, toJson } from '../../db/values.ts';
import { startRulesEngine, type RulesEngine } from './engine.ts';
import { TREND_QUIET_POINTS } from './statistics-rules.ts';

// Piezometric level = tip (100 m) + pressure / 9.8068: a linear image of pressure, so both fire the same rules.
const level = (kpa: number) => 100 + kpa / 9.8068;
const LEVEL = 'calculated_metrics.piezometric_level';
const PRESSURE = 'raw_metrics.pressure';
/** 20 pressures 99, 99, 101, 101, …: mean 100 kPa, σ 1 kPa, no run, no alternation, nothing within or beyond 1σ. */
const BASELINE = Array.from({ length: 20 }, (_, i) => (i % 4 < 2 ? 99 : 101));
const repeat = (n: number, ...pattern: number[]) => Array.from({ length: n }, (_, i) => pattern[i % pattern.length]!);
const readAt = (i: number) => new Date(Date.parse('2026-11-01T00:00:00Z') + i * 600_000).toISOString();

/** Mean and population σ of all values but the newest, by E[x²] − mean² (not the subject's two passes). */
function reference(values: number[]) {
  const baseline = values.slice(0, -1);
  const mean = baseline.reduce((a, b) => a + b, 0) / baseline.length;
  const meanOfSquares = baseline.reduce((a, b) => a + b * b, 0) / baseline.length;
  return { mean, stddev: Math.sqrt(meanOfSquares - mean * mean) };
}

const expectValues = (actual: unknown, expected: number[]) => {
  expect(actual).toHaveLength(expected.length);
  (actual as number[]).forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 9));
};

const EIDS = ['PZ-S1', 'PZ-S4', 'PZ-S2', 'PZ-T2', 'PZ-T3', 'PZ-T5', 'PZ-T6', 'PZ-T7', 'PZ-T8', 'PZ-SR', 'PZ-SH'];
let t: TestApp;
let token: string;
let devices: TestDevices;
let engine: RulesEngine;

beforeAll(async () => {
  t = await createTestApp();
  // The statistical rules watch metrics with limits: these are never reached.
  const watched = [PRESSURE, LEVEL].map((key) => {
    const [group, metric] = key.split('.');
    return { group, metric, level: 'critical', bound: 'upper', value: 1e9 };
  });
  devices = await createPiezometers(t, CERRO, Object.fromEntries(EIDS.map((eid) => [eid, 100])), {
    metricLimits: watched,
  });
  // Rules 2–8 read period means (ADR 0023). With ten-minute periods each reading here is a period of
  // its own, so its mean is its value, as these patterns are written; a period is evaluated when the
  // first reading of a later one arrives, so each pattern is followed by one reading that closes it.
  const scheme = await t.db
    .selectFrom('schemes')
    .select('spec')
    .where('id', '=', devices.schemeId)
    .executeTakeFirstOrThrow();
  const spec = fromJson<{ metrics: Record<string, Array<{ key: string; statistics_period?: number }>> }>(scheme.spec, {
    metrics: {},
  });
  for (const list of Object.values(spec.metrics)) for (const m of list) m.statistics_period = 600;
  await t.db
    .updateTable('schemes')
    .set({ spec: toJson(spec) })
    .where('id', '=', devices.schemeId)
    .execute();
  token = await tokenFor(t, 'admin', devices.projectId);
  engine = t.app.rulesEngine!;
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

/** Posts the pressures of `eid` in one request, ten minutes apart, the first read at readAt(from). */
async function send(eid: string, pressures: number[], from = 0) {
  const body = pressures.map((pressure, i) => ({ eid, read_at: readAt(from + i), raw_metrics: { pressure } }));
  const res = await t.call('POST', INGEST, { token, body });
  expect(res.status).toBe(200);
  await engine.idle();
}

type Event = { type: string; context: Record<string, any>; rule_execution_id: string | null };
async function events(eid: string, type: string, metric?: string): Promise<Event[]> {
  const query = `monitored_entity_ids=${devices.ids[eid]}&types=${type}&paginate_by=100&ordering=created_at`;
  const res = await t.call('GET', `/rules-engine/api/v1/events/?${query}`, { token });
  expect(res.status).toBe(200);
  return (res.body.objects as Event[]).filter((e) => !metric || e.context.metric === metric);
}

async function states(eid: string) {
  const row = await t.db
    .selectFrom('monitored_entities')
    .select('states')
    .where('id', '=', devices.ids[eid]!)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.states) as Record<string, string>;
}

describe('abnormality (Nelson rules 1 and 4)', () => {
  it('turns red at the point beyond 3σ, with its statistics, and green again after it', async () => {
    const pressures = [...BASELINE, 100, 104, 100];
    await send('PZ-S1', pressures);
    const levels = pressures.map(level);

    const onsets = await events('PZ-S1', 'abnormality_state_out_of_control', LEVEL);
    expect(onsets).toHaveLength(1);
    const { mean, stddev } = reference(levels.slice(0, 22));
    const onset = onsets[0]!.context;
    expect(onset).toMatchObject({
      metric_label: 'Piezometric level',
      read_at: readAt(21),
      abnormality_state: 'red',
      abnormality_reason: 'Nelson rule 1: a point more than 3 standard deviations from the mean',
      nelson_rule_1: { result: true },
      nelson_rule_4: { result: false },
    });
    expect(onset.metric_value).toBeCloseTo(level(104), 9);
    expect(onset.nelson_rule_1.metric_mean).toBeCloseTo(mean, 8);
    expect(onset.nelson_rule_1.metric_stddev).toBeCloseTo(stddev, 8);
    expectValues(onset.nelson_rule_1.metric_values, [level(104)]);
    expectValues(onset.metric_values, levels.slice(8, 22));

    // Pressure is evaluated first: it turns the entity red; the level, last to recover, turns it green.
    const changes = await events('PZ-S1', 'abnormality_state_changed');
    expect(
      changes.map((e) => [e.context.metric, e.context.prev_abnormality_state, e.context.abnormality_state]),
    ).toEqual([
      [PRESSURE, 'green', 'red'],
      [LEVEL, 'red', 'green'],
    ]);
    expect(changes[0]!.context.metric_value).toBe(104);
    expect(changes[0]!.context.nelson_rule_1.metric_mean).toBeCloseTo(reference(pressures.slice(0, 22)).mean, 9);
    expect(changes[1]!.context).toMatchObject({ read_at: readAt(22), nelson_rule_1: { result: false } });
    expect((await states('PZ-S1')).abnormality_state).toBe('green');

    const execution = await t.call(
      'GET',
      `/rules-engine/api/v1/state-rule-executions/${changes[0]!.rule_execution_id}`,
      {
        token,
      },
    );
    expect(execution.body).toMatchObject({
      rule_type: 'abnormality_state',
      rule_name: 'Nelson rules 1 and 4',
      rule_execution_result: 'out_of_control',
    });
    expect(execution.body.execution_log[0]).toMatch(/^raw_metrics\.pressure = 104: .*rules fired: 1$/);
  });

  it('turns orange at the fourteenth point alternating up and down, without an out-of-control event', async () => {
    const pressures = [...BASELINE, ...repeat(14, 100.2, 99.8)];
    await send('PZ-S4', [...pressures, 100]); // the last reading closes the fourteenth period
    const changes = await events('PZ-S4', 'abnormality_state_changed');
    expect(changes).toHaveLength(1);
    expect(changes[0]!.context).toMatchObject({
      metric: PRESSURE,
      prev_abnormality_state: 'green',
      abnormality_state: 'orange',
      abnormality_reason: 'Nelson rule 4: fourteen points in a row alternating up and down',
      read_at: readAt(34),
      nelson_rule_1: { result: false },
      nelson_rule_4: { result: true, metric_values: pressures.slice(-14) },
    });
    expect(await events('PZ-S4', 'abnormality_state_out_of_control')).toEqual([]);
    expect((await states('PZ-S4')).abnormality_state).toBe('orange');
  });
});

describe('trend (Nelson rules 2, 3, 5, 6, 7 and 8)', () => {
  it('turns yellow at the ninth point on one side of the mean, and green after ten points without a trend rule', async () => {
    // After the run, ten points that fire no rule end the episode (TREND_QUIET_POINTS).
    const quiet = [100.5, 99, 99, 99, 99, 101, 99, 99, 99, 99];
    expect(quiet).toHaveLength(TREND_QUIET_POINTS);
    await send('PZ-S2', [...BASELINE, ...repeat(9, 99.5), ...quiet, 99]);
    const changes = await events('PZ-S2', 'trend_state_changed');
    // each period is evaluated at the reading after it: the ninth point's at reading 29
    expect(changes.map((e) => [e.context.metric, e.context.trend_state, e.context.period_start])).toEqual([
      [PRESSURE, 'yellow', readAt(28)],
      [LEVEL, 'green', readAt(28 + TREND_QUIET_POINTS)],
    ]);
    expect(changes.map((e) => e.context.read_at)).toEqual([readAt(29), readAt(29 + TREND_QUIET_POINTS)]);
    expect(await events('PZ-S2', 'trend_state_trending', LEVEL)).toHaveLength(1);
    expect(changes[0]!.context).toMatchObject({
      prev_trend_state: 'green',
      nelson_rule_number: 2,
      metric_value: 99.5,
      metric_values: repeat(9, 99.5),
    });
    expect(changes[1]!.context.nelson_rule_number).toBeNull();
    const execution = await t.call(
      'GET',
      `/rules-engine/api/v1/state-rule-executions/${changes[0]!.rule_execution_id}`,
      {
        token,
      },
    );
    expect(execution.body).toMatchObject({ rule_type: 'trend_state', rule_execution_result: 'trending' });
    expect(execution.body.reason).toBe('Nelson rule 2: nine points in a row on the same side of the mean');
  });

  const CASES = [
    { rule: 2, eid: 'PZ-T2', tail: repeat(9, 99.5), values: 9 },
    { rule: 3, eid: 'PZ-T3', tail: [99, 99.2, 99.4, 99.6, 99.8, 100], values: 6 },
    { rule: 5, eid: 'PZ-T5', tail: [102.5, 100, 102.5], values: 3 },
    { rule: 6, eid: 'PZ-T6', tail: [101.6, 101.6, 100, 101.6, 101.6], values: 5 },
    { rule: 7, eid: 'PZ-T7', tail: repeat(15, 100.1, 100.2, 99.9, 99.8), values: 15 },
    { rule: 8, eid: 'PZ-T8', tail: repeat(8, 102, 98), values: 8 },
  ];
  it.each(CASES)('raises trend_state_trending for rule $rule at the point completing its pattern', async (c) => {
    const pressures = [...BASELINE, ...c.tail];
    await send(c.eid, [...pressures, 100]); // the last reading closes the period completing the pattern
    const onsets = (await events(c.eid, 'trend_state_trending', LEVEL)).filter(
      (e) => e.context.nelson_rule_number === c.rule,
    );
    expect(onsets).toHaveLength(1);
    expect(onsets[0]!.context).toMatchObject({
      metric_label: 'Piezometric level',
      trend_state: 'yellow',
      period_start: readAt(pressures.length - 1),
      period_seconds: 600,
      period_readings: 1,
      read_at: readAt(pressures.length),
    });
    expect(onsets[0]!.context.metric_value).toBeCloseTo(level(pressures.at(-1)!), 9);
    expectValues(onsets[0]!.context.metric_values, pressures.slice(-c.values).map(level));
    expect((await states(c.eid)).trend_state).toBe('yellow');
  });
});

describe('watched metrics', () => {
  it('leaves metrics without limits out of the statistical rules', async () => {
    const quiet = await createPiezometers(t, CERRO, { 'PZ-UNWATCHED': 100 });
    await send('PZ-UNWATCHED', [...BASELINE, 100, 104, 100]);
    expect(
      (await t.call('GET', `/rules-engine/api/v1/events/?monitored_entity_ids=${quiet.ids['PZ-UNWATCHED']}`, { token }))
        .body.count,
    ).toBe(0);
    expect(
      (
        await t.db
          .selectFrom('monitored_entities')
          .select('states')
          .where('id', '=', quiet.ids['PZ-UNWATCHED']!)
          .executeTakeFirstOrThrow()
      ).states,
    ).toContain('"abnormality_state":"unknown"');
  });
});

describe('the rolling window', () => {
  it('is loaded from the stored values by an engine that has never seen the series', async () => {
    const pressures = [...BASELINE, 100];
    await send('PZ-SR', pressures);
    await engine.stop();
    engine = startRulesEngine(
      { db: t.db, dialect: TEST_DIALECT, bus: t.app.bus, log: t.app.log },
      { tickSeconds: 3600 },
    );

    await send('PZ-SR', [104], pressures.length);
    const onsets = await events('PZ-SR', 'abnormality_state_out_of_control', LEVEL);
    expect(onsets).toHaveLength(1);
    const { mean, stddev } = reference([...pressures, 104].map(level));
    expect(onsets[0]!.context.nelson_rule_1.metric_mean).toBeCloseTo(mean, 8);
    expect(onsets[0]!.context.nelson_rule_1.metric_stddev).toBeCloseTo(stddev, 8);
    expect(onsets[0]!.context.metric_values).toHaveLength(14);
  });

  it('counts the rules already firing on a history never evaluated as its state, not as onsets', async () => {
    // A back-filled history (the demo's 90 days) ends nine points below the mean: rule 2 fires there.
    const history = [...BASELINE, ...repeat(9, 99.5)];
    const payloads = history.map((pressure, i) => ({ eid: 'PZ-SH', read_at: readAt(i), raw_metrics: { pressure } }));
    await ingestPayloads(t.app, devices.projectId, payloads, 'history');

    // The first live point continues the run: the series is trending, and nothing trends anew.
    await send('PZ-SH', [99.5], history.length);
    expect(await events('PZ-SH', 'trend_state_trending')).toEqual([]);
    expect((await states('PZ-SH')).trend_state).toBe('yellow');

    // A rule the history did not fire still raises its onset: six points in a row rising (rule 3).
    await send('PZ-SH', [99.55, 99.6, 99.65, 99.7, 99.75, 99.8], history.length + 1); // 99.8 closes 99.75's period
    const rules = (await events('PZ-SH', 'trend_state_trending', LEVEL)).map((e) => e.context.nelson_rule_number);
    expect(rules).toContain(3);
    expect(rules).not.toContain(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBlock } from '../metrics/series-blocks.ts';
import { DAY_MS } from '../metrics/time-units.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, piezometerBody } from './test-fixtures.ts';
import { VW_SCHEME } from './calibration-fixtures.ts';
import { compactAndPurge, storedReadingsOf } from '../../test-support/stored-readings.ts';

// Issue 34 and requirements#site-contracts (ADR 0040): adding, changing or deleting a calibration recomputes the
// calculated metrics of the readings it covers, from their raw values, in the background; day blocks,
// summaries and the timeseries API follow; limits are evaluated again without news of the past.

type Factors = { G: number; R0: number; K?: number; T0: number };
const FACTORY: Factors = { G: -0.1557, R0: 8000, K: 0.1319, T0: 22 };
const TIP = 1140;
const START = Date.parse('2026-01-01T00:00:00Z');
const HOURS = 9 * 24;
const at = (day: number) => new Date(START + (day - 1) * DAY_MS).toISOString();
const raw = (i: number) => ({ reading: 7900 - (i % 24) * 2, temperature: 15 + (i % 7) });
/** the manufacturer's linear form, then the level from the tip elevation */
const pressure = (c: Factors, r: { reading: number; temperature: number }) =>
  c.G * (r.reading - c.R0) + c.K! * (r.temperature - c.T0);
const level = (p: number) => TIP + p / 9.8068;

let t: TestApp;
let admin: string;
let instrument: string;
let nextCalibration: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const scheme = await call('POST', 'schemes', VW_SCHEME);
  expect(scheme.status, JSON.stringify(scheme.body)).toBe(201);
  const limits = [
    { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 1150 },
  ];
  const created = await call(
    'POST',
    'instruments',
    piezometerBody(scheme.body.id, { eid: 'PZ-RC', metric_limits: limits, rules: {} }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  instrument = created.body.id;
  expect((await call('POST', calibrations(), { effective_from: at(1), factors: FACTORY })).status).toBe(201);
  const next = await call('POST', calibrations(), { effective_from: at(7), factors: FACTORY });
  nextCalibration = next.body.id;
  const payloads = Array.from({ length: HOURS }, (_, i) => ({
    eid: 'PZ-RC',
    read_at: new Date(START + i * 3_600_000).toISOString(),
    raw_metrics: raw(i),
  }));
  // Some readings compacted into day blocks and reading days, their rows purged (ADR 0048), the rest
  // not yet: the job must meet both.
  for (const part of [payloads.slice(0, 150), payloads.slice(150)]) {
    const res = await t.call('POST', '/ingest/api/v1/payloads', { token: admin, body: part });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (part.length === 150) await compactAndPurge(t);
  }
  await t.app.rulesEngine!.idle();
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) => t.call(method, `${API}/${path}`, { token: admin, body });
const calibrations = (path = '') => `instruments/${instrument}/calibrations${path}`;

/** Waits for the calibration's recomputation to end; its status. */
async function recomputed(id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await call('GET', calibrations(`/${id}/recompute`));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.status === 'done' || res.body.status === 'failed') {
      await t.app.rulesEngine!.idle();
      return res.body;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the recomputation did not end');
}

interface Stored {
  raw_metrics: Record<string, number>;
  calculated_metrics: Record<string, number>;
  invalid_reasons?: Record<string, string>;
}
async function stored(): Promise<Stored[]> {
  const rows = await storedReadingsOf(t.db, instrument);
  expect(rows).toHaveLength(HOURS);
  return rows.map((r) => r.metrics as Stored);
}

/** Every reading as the calibration in effect at its read_at gives it, value by value. */
function expectComputed(readings: Stored[], inEffect: (i: number) => Factors) {
  readings.forEach((r, i) => {
    expect(r.raw_metrics, `raw ${i}`).toEqual(raw(i));
    const p = pressure(inEffect(i), raw(i));
    expect(r.calculated_metrics.pressure, `pressure ${i}`).toBeCloseTo(p, 9);
    expect(r.calculated_metrics.piezometric_level, `level ${i}`).toBeCloseTo(level(p), 9);
  });
}

/** The values of a calculated metric in its day blocks and the days' summaries, and through the API. */
async function expectBlocksAgree(metric: string, readings: Stored[]) {
  const want = new Map<number, number>();
  readings.forEach((r, i) => {
    const v = r.calculated_metrics[metric];
    if (v !== undefined) want.set(START + i * 3_600_000, v);
  });
  const series = await t.db
    .selectFrom('metric_series')
    .select('id')
    .where('entity_id', '=', instrument)
    .where('metric_group', '=', 'calculated_metrics')
    .where('metric', '=', metric)
    .executeTakeFirstOrThrow();
  await t.app.compactor!.run();
  const blocks = await t.db.selectFrom('metric_blocks').select(['data']).where('series_id', '=', series.id).execute();
  const inBlocks = new Map<number, number>();
  for (const b of blocks) {
    const { times, values } = decodeBlock(b.data);
    times.forEach((time, n) => inBlocks.set(time, values[n]!));
  }
  expect([...inBlocks.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [time, v] of want) expect(inBlocks.get(time), new Date(time).toISOString()).toBeCloseTo(v, 9);
  const days = await t.db.selectFrom('metric_days').selectAll().where('series_id', '=', series.id).execute();
  for (const d of days) {
    const dayValues = [...want].filter(([time]) => time - (time % DAY_MS) === Number(d.day)).map(([, v]) => v);
    expect(d.count).toBe(dayValues.length);
    expect(d.sum).toBeCloseTo(
      dayValues.reduce((a, b) => a + b, 0),
      6,
    );
    expect(d.max).toBeCloseTo(Math.max(...dayValues), 9);
  }
  for (const fn of ['avg', 'sum'] as const) {
    const res = await t.call('POST', '/metrics-provider/api/v1/metrics/timeseries/', {
      token: admin,
      body: {
        from_time: at(1),
        to_time: at(10),
        metric: `calculated_metrics.${metric}`,
        aggregation: { function: fn, interval: fn === 'avg' ? 'hour' : 'day' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const values =
      res.body.data.find((s: { monitored_entity: string }) => s.monitored_entity === instrument)?.values ?? {};
    const got = new Map(Object.entries(values as Record<string, number>).map(([k, v]) => [Date.parse(k), v]));
    if (fn === 'avg') {
      expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
      for (const [time, v] of want) expect(got.get(time)).toBeCloseTo(v, 9);
    } else {
      for (const d of days) expect(got.get(Number(d.day))).toBeCloseTo(d.sum, 6);
    }
  }
}

async function entityEvents() {
  return t.db.selectFrom('events').select(['type', 'context']).where('entity_id', '=', instrument).execute();
}
async function notifications() {
  return t.db.selectFrom('notifications').select(['notification_type']).where('entity_id', '=', instrument).execute();
}

const RE_ZERO: Factors = { ...FACTORY, R0: 8600 };
const dayOfReading = (i: number) => Math.floor(i / 24) + 1;

describe('recomputation after a calibration change', () => {
  it('recomputes exactly the readings a back-dated calibration covers, blocks and API included, raising nothing for the past', async () => {
    const before = await stored();
    expectComputed(before, () => FACTORY);
    const [events, notes] = [await entityEvents(), await notifications()];

    const added = await call('POST', calibrations(), { effective_from: at(4), factors: RE_ZERO, notes: 'Re-zeroed' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await recomputed(added.body.id)).toEqual({ status: 'done', readings_total: 72, readings_done: 72 });

    const after = await stored();
    // days 1-3 keep the first calibration, days 7-9 the next one; days 4-6 take the new zero
    expectComputed(after, (i) => (dayOfReading(i) >= 4 && dayOfReading(i) < 7 ? RE_ZERO : FACTORY));
    after.forEach((r, i) => {
      if (dayOfReading(i) < 4 || dayOfReading(i) >= 7) expect(r).toEqual(before[i]);
    });
    // the re-zeroed levels pass the 1150 m warning limit: in the past, so no event and no notification
    expect(level(pressure(RE_ZERO, raw(80)))).toBeGreaterThan(1150);
    await expectBlocksAgree('piezometric_level', after);
    await expectBlocksAgree('pressure', after);
    expect(await entityEvents()).toEqual(events);
    expect(await notifications()).toEqual(notes);

    // still in history
    const history = await call('GET', `instruments/${instrument}/history`);
    expect(history.body.objects[0].fields).toHaveProperty([`calibrations.${added.body.id}`]);
  });

  it('recomputes from the earlier of the old and new dates when a calibration is changed, and back when it is deleted', async () => {
    const list = await call('GET', calibrations());
    const rezero = list.body.objects.find((c: { effective_from: string }) => c.effective_from === at(4));
    const changed = { ...RE_ZERO, R0: 8700 };
    const patched = await call('PATCH', calibrations(`/${rezero.id}`), { effective_from: at(3), factors: changed });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await recomputed(rezero.id)).toEqual({ status: 'done', readings_total: 96, readings_done: 96 });
    const after = await stored();
    expectComputed(after, (i) => (dayOfReading(i) >= 3 && dayOfReading(i) < 7 ? changed : FACTORY));
    await expectBlocksAgree('piezometric_level', after);

    // a note changes no value: nothing more to recompute
    expect((await call('PATCH', calibrations(`/${rezero.id}`), { notes: 'Checked' })).status).toBe(200);
    expect(await recomputed(rezero.id)).toEqual({ status: 'done', readings_total: 96, readings_done: 96 });

    // a deletion's recomputation stays readable under the deleted calibration's id
    expect((await call('DELETE', calibrations(`/${rezero.id}`))).status).toBe(204);
    expect(await recomputed(rezero.id)).toEqual({ status: 'done', readings_total: 96, readings_done: 96 });
    const restored = await stored();
    expectComputed(restored, () => FACTORY);
    await expectBlocksAgree('piezometric_level', restored);
    expect((await call('GET', calibrations('/no-such-calibration/recompute'))).status).toBe(404);
  });

  it('sets the values aside with a reason once the calibration in effect lacks a factor', async () => {
    const { K: _, ...withoutK } = FACTORY;
    expect((await call('PATCH', calibrations(`/${nextCalibration}`), { factors: withoutK })).status).toBe(200);
    expect(await recomputed(nextCalibration)).toEqual({ status: 'done', readings_total: 72, readings_done: 72 });
    const after = await stored();
    after.forEach((r, i) => {
      if (dayOfReading(i) < 7) return expect(r.calculated_metrics.pressure).toBeCloseTo(pressure(FACTORY, raw(i)), 9);
      expect(r.raw_metrics).toEqual(raw(i));
      expect(r.calculated_metrics).toEqual({});
      expect(r.invalid_reasons).toEqual({ pressure: 'The calibration in effect has no factor cal.K' });
    });
    await expectBlocksAgree('pressure', after);
  });

  it('evaluates the limits again on the latest reading only: a present crossing changes the state now', async () => {
    const events = await entityEvents();
    expect((await call('PATCH', calibrations(`/${nextCalibration}`), { factors: RE_ZERO })).status).toBe(200);
    expect(await recomputed(nextCalibration)).toMatchObject({ status: 'done', readings_done: 72 });
    const latest = new Date(START + (HOURS - 1) * 3_600_000).toISOString();
    const added = (await entityEvents()).slice(events.length);
    expect(added.map((e) => e.type).sort()).toEqual(['metric_limit_reached', 'metric_limits_state_changed']);
    for (const e of added) expect(JSON.parse(e.context).read_at).toBe(latest);
    const entity = await t.db
      .selectFrom('monitored_entities')
      .select('states')
      .where('id', '=', instrument)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entity.states).metric_limits_state).not.toBe('green');
  });

  it('goes on after its last batch with a job a stopped server left running', async () => {
    // As if the server stopped after the batch that ended with day 7: its progress is committed with it.
    const resumed: Factors = { ...FACTORY, R0: 8500 };
    await t.db
      .updateTable('calibrations')
      .set({ factors: JSON.stringify(resumed) })
      .where('id', '=', nextCalibration)
      .execute();
    await t.db
      .updateTable('calibration_recomputes')
      .set({
        status: 'running',
        heartbeat_at: '2026-01-01T00:00:00.000Z',
        cursor_read_at: new Date(START + (6 * 24 + 23) * 3_600_000).toISOString(),
        cursor_data_point_id: '',
        readings_total: 72,
        readings_done: 24,
      })
      .where('calibration_id', '=', nextCalibration)
      .execute();
    const before = await stored();
    t.app.bus.publish('recompute.requested', { projectId: 'any', calibrationId: nextCalibration });
    expect(await recomputed(nextCalibration)).toEqual({ status: 'done', readings_total: 72, readings_done: 72 });
    const after = await stored();
    after.forEach((r, i) => {
      if (dayOfReading(i) <= 7) return expect(r).toEqual(before[i]);
      expect(r.calculated_metrics.pressure, `pressure ${i}`).toBeCloseTo(pressure(resumed, raw(i)), 9);
    });
    await expectBlocksAgree('pressure', after);
  });
});

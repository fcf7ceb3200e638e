import type { ManualReading, MetricReading } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactOnce } from '../metrics/compaction.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { pressureFor } from '../../test-support/rules.ts';
import { addMember, demoIds, EXTRA_PASSWORD, OUSE } from '../ui/test-fixtures.ts';
import { CERRO, createPiezometers, INGEST, tokenFor, type TestDevices } from './test-fixtures.ts';

const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 110 },
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];
const SESSIONS = '/inmt-journal/api/v1/data-sessions/';
const MANUAL = '/ingest/api/v1/manual-readings';

let t: TestApp;
let d: TestDevices;
let operator: string;
let otherOperator: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(t, CERRO, { 'SP-1': 100, 'SP-2': 100, 'SP-3': 100 }, { metricLimits: LIMITS });
  operator = await tokenFor(t, 'operator', d.projectId);
  manager = await tokenFor(t, 'manager', d.projectId);
  await addMember(t, 'field-tech', [
    { projectId: d.projectId, roleIds: [(await demoIds(t).roles(d.projectId)).Operator!] },
  ]);
  otherOperator = await tokenFor(t, 'field-tech', d.projectId, EXTRA_PASSWORD);
});
afterAll(() => t.close());

let minute = 0;
const readAt = () => new Date(Date.now() - 2 * 86_400_000 + ++minute * 60_000).toISOString();

async function openSession(token: string, title = 'Dip-meter round') {
  const res = await t.call('POST', SESSIONS, { token, body: { title } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const manual = (eid: string, level: number, session: string, read_at = readAt()) => ({
  eid,
  read_at,
  raw_metrics: { pressure: pressureFor(level) },
  source: 'manual',
  data_session: session,
});

/** A chart's values of `metric` in the minute around `at` (the timeseries API, as a chart asks). */
async function chartAt(eid: string, metric: string, at: string): Promise<number[]> {
  const res = await t.call('POST', '/metrics-provider/api/v1/metrics/timeseries/', {
    token: operator,
    body: {
      from_time: new Date(Date.parse(at) - 60_000).toISOString(),
      to_time: new Date(Date.parse(at) + 60_000).toISOString(),
      metric,
      aggregation: { function: 'max', interval_sec: 60 },
      filters: { monitored_entity_ids: [d.ids[eid]] },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.values((res.body.data[0]?.values ?? {}) as Record<string, number>);
}

async function readingsOf(eid: string, token = operator): Promise<MetricReading[]> {
  const res = await t.call(
    'GET',
    `/metrics-provider/api/v1/metrics/?monitored_entity_ids=${d.ids[eid]}&ordering=read_at`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.objects;
}

describe('manual readings through the ingest pipeline', () => {
  it('are sent by an operator into an open session, stored with their source and who entered them, and counted', async () => {
    const session = await openSession(operator);
    const res = await t.call('POST', INGEST, {
      token: operator,
      body: [manual('SP-1', 104, session), manual('SP-2', 105, session), manual('SP-3', 106, session)],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ accepted: 3, duplicates: 0 });
    const [reading] = await readingsOf('SP-2');
    expect(reading).toMatchObject({ source: 'manual', calculated_metrics: { piezometric_level: 105 } });
    expect(reading!.manual).toMatchObject({ data_session: session, entered_by: 'operator', corrected_at: null });
    const listed = await t.call('GET', `${SESSIONS}${session}/`, { token: operator });
    expect(listed.body.readings_count).toBe(3);
    const inSession = await t.call('GET', `${MANUAL}?data_session=${session}`, { token: operator });
    expect(inSession.body.objects.map((r: ManualReading) => r.monitored_entity_id).sort()).toEqual(
      [d.ids['SP-1'], d.ids['SP-2'], d.ids['SP-3']].sort(),
    );
  });

  it('are evaluated like any other reading: one beyond its critical limit raises a limit notification', async () => {
    const session = await openSession(operator);
    const res = await t.call('POST', INGEST, { token: operator, body: manual('SP-3', 118, session) });
    expect(res.status).toBe(200);
    await t.app.rulesEngine!.idle();
    const notifications = await t.db
      .selectFrom('notifications')
      .select(['level', 'text'])
      .where('project_id', '=', d.projectId)
      .where('extra', 'like', `%${d.ids['SP-3']}%`)
      .execute();
    expect(notifications.some((n) => n.level === 'critical')).toBe(true);
  });

  it('need an open session of the project, and only manual readings have one', async () => {
    const session = await openSession(operator);
    const ouseSession = await t.call('POST', SESSIONS, {
      token: await tokenFor(t, 'admin', await demoIds(t).project(OUSE)),
      body: { title: 'Ouse round' },
    });
    const submitted = await openSession(operator, 'Done');
    await t.call('PATCH', `${SESSIONS}${submitted}/`, { token: operator, body: { status: 'submitted' } });
    const cases: Array<[object, string, string]> = [
      [{ ...manual('SP-1', 101, session), data_session: undefined }, 'data_session', operator],
      [manual('SP-1', 101, 'no-such-session'), 'data_session', operator],
      [manual('SP-1', 101, ouseSession.body.id), 'data_session', operator],
      [manual('SP-1', 101, submitted), 'data_session', operator],
      [manual('NO-SUCH', 101, session), 'eid', operator],
      [{ ...manual('SP-1', 101, session), source: undefined }, 'source', manager],
    ];
    for (const [body, field, token] of cases) {
      const res = await t.call('POST', INGEST, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.details), JSON.stringify(res.body)).toContain(field);
    }
    // A logger's payload is still for administrators and managers.
    const logger = await t.call('POST', INGEST, {
      token: operator,
      body: { eid: 'SP-1', read_at: readAt(), raw_metrics: { pressure: 1 } },
    });
    expect(logger.status).toBe(403);
  });
});

describe('corrections of manual readings', () => {
  it('store the new values over the old, keep the old ones in the history, and are made by the author or a manager', async () => {
    const session = await openSession(operator);
    const at = readAt();
    await t.call('POST', INGEST, { token: operator, body: manual('SP-1', 107, session, at) });
    // Compacted first: the old value sits in a day block, which the correction must not leave behind.
    await compactOnce(t.db, t.app.dialect);
    const [entered] = (await t.call('GET', `${MANUAL}?data_session=${session}`, { token: operator })).body
      .objects as ManualReading[];

    const correction = { raw_metrics: { pressure: pressureFor(103) }, reason: 'Read the wrong tape mark' };
    expect(
      (await t.call('PATCH', `${MANUAL}/${entered!.id}/`, { token: otherOperator, body: correction })).status,
    ).toBe(403);
    const res = await t.call('PATCH', `${MANUAL}/${entered!.id}/`, { token: operator, body: correction });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ corrected_by: 'operator', raw_metrics: correction.raw_metrics });

    const stored = (await readingsOf('SP-1')).filter((r) => r.read_at === at);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.calculated_metrics.piezometric_level).toBeCloseTo(103, 6);
    expect(stored[0]!.manual).toMatchObject({ corrected_by: 'operator', entered_by: 'operator' });
    // The chart's values: one point at the reading's time, the corrected one, before and after compaction.
    for (const compacted of [false, true]) {
      if (compacted) await compactOnce(t.db, t.app.dialect);
      const values = await chartAt('SP-1', 'calculated_metrics.piezometric_level', at);
      expect(values, `compacted: ${compacted}`).toHaveLength(1);
      expect(values[0], `compacted: ${compacted}`).toBeCloseTo(103, 6);
    }

    const history = await t.call('GET', `${MANUAL}/${entered!.id}/history/`, { token: operator });
    expect(history.body.objects).toMatchObject([
      { action: 'entered', user: 'operator', raw_metrics: { pressure: pressureFor(107) }, reason: null },
      {
        action: 'corrected',
        user: 'operator',
        raw_metrics: correction.raw_metrics,
        reason: 'Read the wrong tape mark',
      },
    ]);
    const byManager = await t.call('PATCH', `${MANUAL}/${entered!.id}/`, {
      token: manager,
      body: { raw_metrics: { pressure: pressureFor(104) }, reason: 'Checked against the logger' },
    });
    expect(byManager.body.corrected_by).toBe('manager');
  });

  it('take a value dropped, or moved to or from invalid_metrics, out of the charts, compacted or not', async () => {
    const session = await openSession(operator);
    const at = readAt();
    const body = { ...manual('SP-3', 105, session, at), raw_metrics: { pressure: pressureFor(105), temperature: 12 } };
    expect((await t.call('POST', INGEST, { token: operator, body })).status).toBe(200);
    await compactOnce(t.db, t.app.dialect);
    const [entered] = (await t.call('GET', `${MANUAL}?data_session=${session}`, { token: operator })).body
      .objects as ManualReading[];
    const correct = async (raw_metrics: Record<string, number>) => {
      const res = await t.call('PATCH', `${MANUAL}/${entered!.id}/`, {
        token: operator,
        body: { raw_metrics, reason: 'Re-read' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    /** each metric's values at the reading's time, before compaction and after */
    const charts = async (metrics: Record<string, number[]>) => {
      for (const compacted of [false, true]) {
        if (compacted) await compactOnce(t.db, t.app.dialect);
        for (const [metric, values] of Object.entries(metrics)) {
          expect(await chartAt('SP-3', metric, at), `${metric}, compacted: ${compacted}`).toEqual(values);
        }
      }
    };
    await charts({ 'raw_metrics.temperature': [12], 'raw_metrics.pressure': [pressureFor(105)] });

    // The temperature was not read after all.
    await correct({ pressure: pressureFor(104) });
    await charts({ 'raw_metrics.temperature': [], 'raw_metrics.pressure': [pressureFor(104)] });

    // A slip of the pen beyond the sensor's range: kept, but as invalid, and out of the level's chart.
    await correct({ pressure: 3000 });
    await charts({
      'raw_metrics.pressure': [],
      'calculated_metrics.piezometric_level': [],
      'invalid_metrics.pressure': [3000],
    });

    await correct({ pressure: pressureFor(106) });
    await charts({ 'invalid_metrics.pressure': [], 'raw_metrics.pressure': [pressureFor(106)] });
    const level = await chartAt('SP-3', 'calculated_metrics.piezometric_level', at);
    expect(level).toHaveLength(1);
    expect(level[0]).toBeCloseTo(106, 6);
  });

  it('refuse values the scheme does not have, no reason, and another project’s readings', async () => {
    const session = await openSession(operator);
    await t.call('POST', INGEST, { token: operator, body: manual('SP-2', 101, session) });
    const [entered] = (await t.call('GET', `${MANUAL}?data_session=${session}`, { token: operator })).body
      .objects as ManualReading[];
    const url = `${MANUAL}/${entered!.id}/`;
    expect(
      (await t.call('PATCH', url, { token: operator, body: { raw_metrics: { depth: 3 }, reason: 'x' } })).status,
    ).toBe(400);
    expect((await t.call('PATCH', url, { token: operator, body: { raw_metrics: { pressure: 3 } } })).status).toBe(400);
    const ouse = await tokenFor(t, 'admin', await demoIds(t).project(OUSE));
    expect(
      (await t.call('PATCH', url, { token: ouse, body: { raw_metrics: { pressure: 3 }, reason: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('GET', `${url}history/`, { token: ouse })).status).toBe(404);
  });
});

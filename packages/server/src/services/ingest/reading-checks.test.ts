import type { ReadingChecks } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, createPressureScheme, piezometerBody } from '../registry/test-fixtures.ts';
import { demoIds } from '../ui/test-fixtures.ts';
import { CERRO, createPiezometers, INGEST, OUSE, tokenFor } from './test-fixtures.ts';

const SESSIONS = '/inmt-journal/api/v1/data-sessions/';
const CHECKS = '/ingest/api/v1/manual-readings/checks';
const KPA_PER_M = 9.8068;
const MIN = 60_000;

let t: TestApp;
let admin: string;
let operator: string;
let projectId: string;
let tip: number;
// A piezometer on Section B's logger whose dip is converted to a pressure (the demo's own send digits).
const EID = 'PZ-CHECK';
const T0 = Date.parse('2026-11-20T09:17:43.000Z');
const iso = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();
const pressure = (level: number) => Number(((level - tip) * KPA_PER_M).toFixed(4));

beforeAll(async () => {
  t = await createTestApp();
  projectId = await demoIds(t).project(CERRO);
  admin = await tokenFor(t, 'admin', projectId);
  operator = await tokenFor(t, 'operator', projectId);
  const logger = await t.db
    .selectFrom('monitored_entities')
    .select('id')
    .where('project_id', '=', projectId)
    .where('eid', '=', 'DL-02')
    .executeTakeFirstOrThrow();
  tip = 1131;
  const created = await t.call('POST', `${API}/instruments`, {
    token: admin,
    body: piezometerBody(await createPressureScheme(t, admin), {
      eid: EID,
      interface_node: logger.id,
      context: { tip_elevation: tip },
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});
afterAll(() => t.close());

async function session(title: string) {
  const res = await t.call('POST', SESSIONS, { token: operator, body: { title } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function send(token: string, body: unknown) {
  const res = await t.call('POST', INGEST, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

async function checksOf(query: string): Promise<ReadingChecks> {
  const res = await t.call('GET', `${CHECKS}?${query}`, { token: operator });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ReadingChecks;
}

describe('check readings', () => {
  it('puts a manual reading beside the logger reading nearest in time within 30 minutes, with manual − logger', async () => {
    // logger readings 40 min before, 10 min before and 20 min after the hand reading
    await send(admin, [
      { eid: EID, read_at: iso(-40), raw_metrics: { pressure: pressure(1150.0), temperature: 17 } },
      { eid: EID, read_at: iso(-10), raw_metrics: { pressure: pressure(1150.2), temperature: 17 } },
      { eid: EID, read_at: iso(20), raw_metrics: { pressure: pressure(1150.5), temperature: 17 } },
    ]);
    const id = await session('Dip-meter round');
    await send(operator, [
      { eid: EID, read_at: iso(0), raw_metrics: { pressure: pressure(1150.23) }, source: 'manual', data_session: id },
    ]);
    const checks = await checksOf(`data_session=${id}`);
    expect(checks.tolerance_minutes).toBe(30);
    expect(checks.objects).toHaveLength(1);
    const [check] = checks.objects;
    expect(check).toMatchObject({ read_at: iso(0), logger_read_at: iso(-10), data_point_id: null });
    const level = check!.metrics.find((m) => m.metric === 'piezometric_level')!;
    expect(level.group).toBe('calculated_metrics');
    expect(level.manual).toBeCloseTo(1150.23, 4);
    expect(level.logger).toBeCloseTo(1150.2, 4);
    expect(level.difference).toBeCloseTo(0.03, 4);
    // the hand reading gave no temperature: nothing to compare
    expect(check!.metrics.map((m) => m.metric).sort()).toEqual(['piezometric_level', 'pressure']);
  });

  it('says there is no logger reading when none is within 30 minutes, and never pairs two hand readings', async () => {
    await send(admin, [
      { eid: EID, read_at: iso(1000 - 31), raw_metrics: { pressure: pressure(1150), temperature: 17 } },
    ]);
    const id = await session('Second round');
    await send(operator, [
      { eid: EID, read_at: iso(1000), raw_metrics: { pressure: pressure(1150.1) }, source: 'manual', data_session: id },
      { eid: EID, read_at: iso(1005), raw_metrics: { pressure: pressure(1150.1) }, source: 'manual', data_session: id },
    ]);
    const checks = await checksOf(`data_session=${id}`);
    expect(checks.objects.map((c) => [c.read_at, c.logger_read_at, c.metrics])).toEqual([
      [iso(1000), null, []],
      [iso(1005), null, []],
    ]);
  });

  it('leaves out devices read by hand alone, and answers only the current project', async () => {
    const own = await createPiezometers(t, CERRO, { 'HAND-1': 100 });
    const id = await session('Standpipes');
    await send(operator, [
      {
        eid: 'HAND-1',
        read_at: iso(2000),
        raw_metrics: { pressure: pressure(1150) },
        source: 'manual',
        data_session: id,
      },
    ]);
    expect(own.ids['HAND-1']).toBeDefined();
    expect((await checksOf(`data_session=${id}`)).objects).toEqual([]);
    const ouse = await tokenFor(t, 'admin', await demoIds(t).project(OUSE));
    const res = await t.call('GET', `${CHECKS}?monitored_entity_id=${own.ids['HAND-1']}`, { token: ouse });
    expect(res.status).toBe(200);
    expect(res.body.objects).toEqual([]);
  });
});

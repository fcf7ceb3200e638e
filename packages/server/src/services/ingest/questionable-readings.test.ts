import { MAX_METRIC_MAGNITUDE, type ManualReading } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, INGEST, storageSnapshot, tokenFor, type TestDevices } from './test-fixtures.ts';

/**
 * Readings no instrument can have sent (ADR 0008, amended): a read_at before the earliest date
 * (EARLIEST_READ_AT, 1970 by default), no metric at all, a value beyond MAX_METRIC_MAGNITUDE. Each
 * is bad input: the whole batch is refused with a 400 naming the item and field, and nothing is written.
 */
const SESSIONS = '/inmt-journal/api/v1/data-sessions/';
const MANUAL = '/ingest/api/v1/manual-readings';

let t: TestApp;
let devices: TestDevices;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-Q1': 410, 'PZ-Q2': 405 });
  admin = await tokenFor(t, 'admin', devices.projectId);
  operator = await tokenFor(t, 'operator', devices.projectId);
});
afterAll(() => t.close());

const good = (minute: number) => ({
  eid: 'PZ-Q1',
  read_at: `2026-09-02T00:${String(minute).padStart(2, '0')}:00Z`,
  raw_metrics: { pressure: 100 + minute },
});

/** Sends `body`, expects a 400 whose details hold exactly `fields`, and that nothing was stored. */
async function refused(body: unknown, fields: string[], token = admin) {
  const before = await storageSnapshot(t);
  const res = await t.call('POST', INGEST, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error_type).toBe('ValidationError');
  expect(Object.keys(res.body.details).sort()).toEqual([...fields].sort());
  expect(await storageSnapshot(t)).toEqual(before);
  return res.body.details as Record<string, string[]>;
}

describe('read times before the earliest date', () => {
  it('refuses a read_at in year 1 or 1900, naming the earliest date, and stores nothing of the batch', async () => {
    for (const readAt of ['0001-01-01T00:00:00Z', '1900-01-01T00:00:00Z', '1969-12-31T23:59:59.999Z']) {
      const single = await refused({ ...good(1), read_at: readAt }, ['read_at']);
      expect(single.read_at).toEqual(['Must not be before 1970-01-01T00:00:00.000Z']);
      const batch = await refused([good(1), { ...good(2), read_at: readAt }, good(3)], ['1.read_at']);
      expect(batch['1.read_at']![0]).toContain('1970-01-01T00:00:00.000Z');
    }
  });

  it('accepts a read_at at the earliest date itself', async () => {
    const res = await t.call('POST', INGEST, {
      token: admin,
      body: { ...good(0), read_at: '1970-01-01T00:00:00Z' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ accepted: 1 });
  });
});

describe('payloads without a metric', () => {
  it('refuses an empty raw_metrics, alone or in a batch', async () => {
    const single = await refused({ ...good(4), raw_metrics: {} }, ['raw_metrics']);
    expect(single.raw_metrics).toEqual(['Send at least one metric']);
    await refused([good(4), { ...good(5), raw_metrics: {} }], ['1.raw_metrics']);
  });

  it('refuses an empty raw_metrics of an unknown eid too, rather than keeping it as an unknown payload', async () => {
    await refused([good(4), { eid: 'NOBODY', read_at: good(5).read_at, raw_metrics: {} }], ['1.raw_metrics']);
  });
});

describe('values beyond the largest magnitude a sensor value may have', () => {
  it('refuses ±1.79e308 and anything beyond 1e15, naming the metric', async () => {
    for (const value of [1.79e308, -1.79e308, Number.MAX_VALUE, 1e16, -1.5e15]) {
      const details = await refused(
        [good(6), { ...good(7), raw_metrics: { pressure: 1, temperature: value } }],
        ['1.raw_metrics.temperature'],
      );
      expect(details['1.raw_metrics.temperature']![0], String(value)).toBe('Must be between -1e15 and 1e15');
      await refused({ ...good(7), raw_metrics: { pressure: value } }, ['raw_metrics.pressure']);
    }
  });

  it('accepts values up to that magnitude', async () => {
    const res = await t.call('POST', INGEST, {
      token: admin,
      body: [
        { ...good(8), raw_metrics: { pressure: MAX_METRIC_MAGNITUDE, temperature: -MAX_METRIC_MAGNITUDE } },
        { ...good(9), raw_metrics: { pressure: -MAX_METRIC_MAGNITUDE } },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Both pressures are beyond the scheme's invalid bounds: stored, as invalid values.
    expect(res.body).toEqual({ accepted: 2, duplicates: 0, unknown: 0, invalid_values: 2, out_of_scope: 0 });
  });
});

describe('manual readings', () => {
  async function openSession() {
    const res = await t.call('POST', SESSIONS, { token: operator, body: { title: 'Dip-meter round' } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }
  const manual = (session: string, read_at: string, raw_metrics: Record<string, number>) => ({
    eid: 'PZ-Q2',
    read_at,
    raw_metrics,
    source: 'manual',
    data_session: session,
  });

  it('are checked the same way when entered', async () => {
    const session = await openSession();
    const details = await refused(manual(session, '1900-06-01T08:00:00Z', { pressure: 10 }), ['read_at'], operator);
    expect(details.read_at![0]).toContain('1970-01-01T00:00:00.000Z');
    await refused(manual(session, '2026-09-02T08:00:00Z', {}), ['raw_metrics'], operator);
    await refused(manual(session, '2026-09-02T08:00:00Z', { pressure: 1.79e308 }), ['raw_metrics.pressure'], operator);
  });

  it('are checked the same way when corrected, and keep their values when a correction is refused', async () => {
    const session = await openSession();
    const at = '2026-09-02T09:00:00.000Z';
    expect(
      (await t.call('POST', INGEST, { token: operator, body: manual(session, at, { pressure: 10 }) })).status,
    ).toBe(200);
    const [entered] = (await t.call('GET', `${MANUAL}?data_session=${session}`, { token: operator })).body
      .objects as ManualReading[];
    const url = `${MANUAL}/${entered!.id}/`;
    for (const value of [1.79e308, -1e16]) {
      const res = await t.call('PATCH', url, {
        token: operator,
        body: { raw_metrics: { pressure: value }, reason: 'Typed an exponent' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.details)).toEqual(['raw_metrics.pressure']);
    }
    expect((await t.call('GET', url, { token: operator })).body).toMatchObject({
      raw_metrics: { pressure: 10 },
      corrected_at: null,
    });
  });
});

describe('EARLIEST_READ_AT', () => {
  let late: TestApp;
  let lateAdmin: string;
  beforeAll(async () => {
    late = await createTestApp({ env: { EARLIEST_READ_AT: '2020-01-01' } });
    const lateDevices = await createPiezometers(late, CERRO, { 'PZ-Q1': 410 });
    lateAdmin = await tokenFor(late, 'admin', lateDevices.projectId);
  });
  afterAll(() => late.close());

  it('moves the earliest date a reading may have', async () => {
    const res = await late.call('POST', INGEST, {
      token: lateAdmin,
      body: [good(1), { ...good(2), read_at: '2019-12-31T23:59:59Z' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ '1.read_at': ['Must not be before 2020-01-01T00:00:00.000Z'] });
    const onTheDay = await late.call('POST', INGEST, {
      token: lateAdmin,
      body: { ...good(2), read_at: '2020-01-01T00:00:00Z' },
    });
    expect(onTheDay.status, JSON.stringify(onTheDay.body)).toBe(200);
  });
});

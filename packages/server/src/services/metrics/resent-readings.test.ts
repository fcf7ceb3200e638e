import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compactAndPurge, storedReadingCount } from '../../test-support/stored-readings.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { findResent as realFindResent } from './resent-readings.ts';
import { API, CERRO, createSite, tokenIn, type Payload, type Site } from './test-fixtures.ts';

/** What runs once the next check before an ingest transaction is done, and before that transaction. */
const afterCheck = vi.hoisted(() => ({ next: null as null | (() => Promise<void>) }));

// A compaction committing between ingest's check of resent readings and its transaction: the check
// outside the transaction is the first call of a batch (the one passed the database itself).
vi.mock('./resent-readings.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./resent-readings.ts')>();
  const findResent: typeof realFindResent = async (db, cacheKey, readings) => {
    const found = await real.findResent(db, cacheKey, readings);
    const run = afterCheck.next;
    if (run && db === cacheKey) {
      afterCheck.next = null;
      await run();
    }
    return found;
  };
  return { ...real, findResent };
});

/**
 * Ingest stays idempotent once readings are kept once (ADR 0048, step 5): a resend of a reading
 * whose row was purged is a duplicate, found through its channel's watermark and reading day; a
 * late reading before the watermark is stored.
 */

const INGEST = '/ingest/api/v1/payloads';
const DAY = '2026-10-05';
const at = (hhmm: string) => `${DAY}T${hhmm}:00.000Z`;

let t: TestApp;
let token: string;
let site: Site;

beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, CERRO, [
    { eid: 'RS-1', elevation: 100 },
    { eid: 'RS-2', elevation: 200, dataPoints: ['top'] },
  ]);
  token = await tokenIn(t, 'admin', site.projectId);
});
afterAll(() => t.close());

const send = async (body: Payload[]) => {
  const res = await t.call('POST', INGEST, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { accepted: number; duplicates: number };
};

const hourly = (eid: string, hours: number[], extra: Partial<Payload> = {}): Payload[] =>
  hours.map((h) => ({
    eid,
    read_at: at(`${String(h).padStart(2, '0')}:00`),
    raw_metrics: { pore_kpa: 100 + h, temp_c: 10 },
    ...extra,
  }));

/** RS-1's pore pressure in the list and the chart, by read_at. */
async function poreOfRs1() {
  const list = await t.call(
    'GET',
    `${API}/metrics/?monitored_entity_ids=${site.ids['RS-1']}&ordering=read_at&read_at.from_time=${at('00:00')}&read_at.to_time=${at('23:59')}`,
    { token },
  );
  const chart = await t.call('POST', `${API}/metrics/timeseries/`, {
    token,
    body: {
      from_time: at('00:00'),
      to_time: `${DAY}T23:59:59.999Z`,
      metric: 'raw_metrics.pore_kpa',
      aggregation: { function: 'max', interval_sec: 60 },
      filters: { monitored_entity_ids: [site.ids['RS-1']] },
    },
  });
  const listed = Object.fromEntries(
    (list.body.objects as Array<{ read_at: string; raw_metrics: { pore_kpa: number } }>).map((o) => [
      o.read_at,
      o.raw_metrics.pore_kpa,
    ]),
  );
  return { listed, charted: (chart.body.data[0]?.values ?? {}) as Record<string, number> };
}

describe('resent readings after compaction (ADR 0048)', () => {
  it('counts the same payloads sent again after compaction and purge as duplicates, storing nothing', async () => {
    const payloads = [
      ...hourly('RS-1', [1, 2, 3, 4]),
      ...hourly('RS-2', [1, 2], { data_point_id: site.dataPoints.top! }),
    ];
    expect(await send(payloads)).toMatchObject({ accepted: 6, duplicates: 0 });
    await compactAndPurge(t);
    const rows = await t.db.selectFrom('readings').select('seq').execute();
    expect(rows).toEqual([]);
    expect(await send(payloads)).toMatchObject({ accepted: 0, duplicates: 6 });
    // some again with a new one among them
    expect(await send([...payloads.slice(1, 3), ...hourly('RS-1', [5])])).toMatchObject({
      accepted: 1,
      duplicates: 2,
    });
    await compactAndPurge(t);
    expect(await storedReadingCount(t.db, { entityIds: [site.ids['RS-1']!, site.ids['RS-2']!] })).toBe(7);
  });

  it('stores a late reading before the watermark, and lists and charts it', async () => {
    const late = { ...hourly('RS-1', [3])[0]!, read_at: at('03:30'), raw_metrics: { pore_kpa: 333 } };
    expect(await send([late])).toMatchObject({ accepted: 1, duplicates: 0 });
    for (const pass of ['in the tail', 'compacted and purged']) {
      const { listed, charted } = await poreOfRs1();
      expect(listed[at('03:30')], pass).toBe(333);
      expect(Object.keys(listed), pass).toHaveLength(6);
      expect(charted[at('03:30')], pass).toBe(333);
      await compactAndPurge(t);
    }
    expect(await send([late])).toMatchObject({ accepted: 0, duplicates: 1 });
  });

  it('counts a resend as a duplicate when compaction takes its reading between the check and the write', async () => {
    const fresh = hourly('RS-1', [8, 9]);
    expect(await send(fresh)).toMatchObject({ accepted: 2 });
    // the resend's check meets the rows in the tail; the purge then takes them before it writes
    afterCheck.next = () => compactAndPurge(t);
    expect(await send(fresh)).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(afterCheck.next).toBeNull();
    expect(await t.db.selectFrom('readings').select('seq').execute()).toEqual([]);
    await compactAndPurge(t);
    const { listed } = await poreOfRs1();
    expect(Object.keys(listed)).toHaveLength(8);
  });
});

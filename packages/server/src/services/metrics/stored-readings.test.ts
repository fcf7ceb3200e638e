import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../db/values.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { compactAndPurge, storedReadingCount } from '../../test-support/stored-readings.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { findReadingsAround } from '../ingest/reading-check-store.ts';
import { hasReadingSet, listReadingSets } from '../registry/datum-store.ts';
import { findDeviceUsage } from '../registry/device-usage.ts';
import { compactionMark } from './block-store.ts';
import { countSpan, readSpanBatch, type SpanCursor } from './reading-spans.ts';
import { rebuildReadings } from './rebuilt-readings.ts';
import { findNewestOfEntity, readStored, type StoredReading } from './stored-readings.ts';
import { API, CERRO, GAUGE_SPEC, createSite, tokenIn, type Payload, type Site } from './test-fixtures.ts';

/**
 * Every reader of stored readings (ADR 0048, step 3) answers the same whether the readings are rows
 * of `readings` or, compacted and purged, times in reading days with their values in series blocks;
 * and the same with some in each.
 */

const INGEST = '/ingest/api/v1/payloads';
const START = Date.parse('2026-09-01T00:00:00Z');
const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString();

let t: TestApp;
let admin: string;
let site: Site;

/** Gauges every 30 min over `days` days from `from` (jitter, gaps, invalid values), a data point's readings, a gauge wanting a calibration. */
function workload(from: number, days: number, seed: number): Payload[] {
  const r = seededRandom(seed);
  const out: Payload[] = [];
  for (let i = 0; i < days * 48; i++) {
    const t0 = from + i * 1_800_000;
    out.push({ eid: 'SR-1', read_at: iso(t0), raw_metrics: { pore_kpa: 120 + (i % 7), temp_c: 11.5 } });
    if (i % 9 !== 4)
      out.push({
        eid: 'SR-2',
        read_at: iso(t0 + r.int(60_000)),
        raw_metrics: i % 13 === 0 ? { pore_kpa: 2500 } : { pore_kpa: Number((r.next() * 300).toFixed(3)) },
      });
    out.push({
      eid: 'SR-3',
      read_at: iso(t0 + 1),
      raw_metrics: { pore_kpa: i / 3, temp_c: -i / 100 - 1 },
      data_point_id: site.dataPoints[i % 2 ? 'north' : 'south']!,
    });
    if (i % 5 === 0) out.push({ eid: 'SR-CAL', read_at: iso(t0), raw_metrics: { pore_kpa: 50 + i } });
  }
  return out;
}

async function store(part: Payload[]) {
  for (let i = 0; i < part.length; i += 200) {
    const res = await t.call('POST', INGEST, { token: admin, body: part.slice(i, i + 200) });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, CERRO, [
    { eid: 'SR-1', elevation: 401.25 },
    { eid: 'SR-2', elevation: 398 },
    { eid: 'SR-3', elevation: 7, dataPoints: ['north', 'south'] },
  ]);
  const calSite = await createSite(t, CERRO, [{ eid: 'SR-CAL', elevation: 12 }]);
  site.ids['SR-CAL'] = calSite.ids['SR-CAL']!;
  // SR-CAL's head wants a calibration factor it has not: its readings carry invalid_reasons
  const spec = structuredClone(GAUGE_SPEC);
  spec.metrics.calculated_metrics[0]!.formula = 'tip_m + cal.G * pore_kpa';
  const cal = await t.db
    .selectFrom('monitored_entities')
    .select('scheme_id')
    .where('eid', '=', 'SR-CAL')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('schemes')
    .set({ spec: toJson(spec) })
    .where('id', '=', cal.scheme_id!)
    .execute();
  admin = await tokenIn(t, 'admin', site.projectId);
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await t.call('GET', `${API}${path}`, { token: admin });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body;
};
const post = async (path: string, body: unknown) => {
  const res = await t.call('POST', `${API}${path}`, { token: admin, body });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body;
};

/** Every page of a list, in order; together they hold every reading counted, each once. */
async function allPages(query: string, size = 37) {
  const pages = [];
  for (let page = 1; ; page++) {
    const body = await get(`/metrics/?${query}&paginate_by=${size}&page=${page}`);
    pages.push(body);
    if (page * size >= body.count) {
      const keys = pages.flatMap((p) =>
        (p.objects as Array<Record<string, string>>).map(
          (r) => `${r.monitored_entity_id}|${r.data_point_id}|${r.read_at}`,
        ),
      );
      expect(keys.length, query).toBe(body.count);
      expect(new Set(keys).size, query).toBe(body.count);
      return pages;
    }
  }
}

/** A rebuilt reading as a test compares it: metrics parsed (key order aside), seq aside (rows only have one). */
const plain = (r: StoredReading) => ({ ...r, seq: undefined, metrics: JSON.parse(r.metrics) as unknown });

/** What every reader answers about the site's readings up to `until` (epoch ms). */
async function reads(until: number) {
  const ids = site.ids;
  const mine = `monitored_entity_ids=${Object.values(ids).join(',')}`;
  const cut = `read_at.from_time=${iso(START + 1.5 * DAY_MS + 7 * 60_000)}&read_at.to_time=${iso(START + 2.2 * DAY_MS)}`;
  const out: Record<string, unknown> = {};
  for (const ordering of [
    '',
    'read_at',
    'monitored_entity_id',
    '-monitored_entity_id,read_at',
    'read_at,-monitored_entity_id',
  ])
    out[`list ${ordering}`] = await allPages(`${mine}&ordering=${ordering || '-read_at'}`);
  // pages spanning several units (days), some of them small
  out['list by 250'] = await allPages(`${mine}&ordering=-read_at`, 250);
  out['list by entity by 70'] = await allPages(`${mine}&ordering=monitored_entity_id`, 70);
  out['list cut'] = await allPages(`${mine}&${cut}`);
  out['list cut by entity'] = await allPages(
    `monitored_entity_ids=${ids['SR-3']},${ids['SR-2']}&${cut}&ordering=monitored_entity_id`,
  );
  for (const to of [START - 1, START + 0.5 * DAY_MS + 1, START + DAY_MS, START + 2.7 * DAY_MS, until]) {
    out[`latest ${to}`] = await get(`/metrics/latest/?read_at.to_time=${iso(to)}&ordering=-read_at&${mine}`);
    out[`latest from ${to}`] = await get(
      `/metrics/latest/?read_at.from_time=${iso(to - 0.3 * DAY_MS)}&read_at.to_time=${iso(to)}&${mine}`,
    );
    out[`latest by data point ${to}`] = await post('/metrics/latest/', {
      latest_by: 'data_point_id',
      filters: { monitored_entity_ids: [ids['SR-3']] },
      to_time: iso(to),
    });
  }
  out.context = await post('/metrics/timeseries/', {
    from_time: iso(START),
    to_time: iso(until),
    metric: 'context_metrics.tip_m',
    aggregation: { function: 'max', interval: 'hour' },
  });
  for (const eid of Object.keys(ids)) {
    const id = ids[eid]!;
    out[`usage ${eid}`] = (await findDeviceUsage(t.db, site.projectId, id)).readings;
    out[`count ${eid}`] = await storedReadingCount(t.db, { entityIds: [id] });
    out[`newest ${eid}`] = (
      await readStored(t.db, async (reader) => rebuildReadings(reader, await findNewestOfEntity(reader, id, 7)))
    ).map(plain);
    const batches = [];
    let cursor: SpanCursor | null = null;
    const span = { entityId: id, from: iso(START + 0.4 * DAY_MS), to: iso(until - 0.1 * DAY_MS) };
    for (;;) {
      const batch: StoredReading[] = await readStored(t.db, (reader) => readSpanBatch(reader, span, cursor, 50));
      if (!batch.length) break;
      batches.push(batch.map(plain));
      cursor = { readAt: batch.at(-1)!.read_at, dataPointId: batch.at(-1)!.data_point_id };
    }
    out[`span ${eid}`] = batches;
    out[`span count ${eid}`] = await readStored(t.db, (reader) => countSpan(reader, span));
  }
  const sr3 = ids['SR-3']!;
  out.sets = await listReadingSets(t.db, sr3, iso(START + 0.25 * DAY_MS), iso(START + 1.25 * DAY_MS));
  out['has set'] = [
    await hasReadingSet(t.db, sr3, iso(START + 1)),
    await hasReadingSet(t.db, sr3, iso(START + 2)),
    await hasReadingSet(t.db, sr3, iso(START + DAY_MS + 1)),
  ];
  const around = await findReadingsAround(
    t.db,
    { id: 'x', entity_id: sr3, data_point_id: site.dataPoints.north!, read_at: iso(START + DAY_MS) },
    iso(START + DAY_MS - 3 * 3_600_000),
    iso(START + DAY_MS + 3 * 3_600_000),
  );
  out.around = around.readings.map((r) => ({ read_at: r.read_at, metrics: JSON.parse(r.metrics) as unknown }));
  out.total = await storedReadingCount(t.db);
  return out;
}

async function rowCount() {
  const row = await t.db
    .selectFrom('readings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('stored readings (ADR 0048)', () => {
  it('answers every reader alike from rows and, once compacted and purged, from reading days', async () => {
    const first = workload(START, 3, 1);
    await store(first);
    const until = START + 3 * DAY_MS;
    const fromRows = await reads(until);
    expect(fromRows.total).toBe(first.length);
    expect((fromRows['list '] as Array<{ count: number }>)[0]!.count).toBe(first.length);

    await compactAndPurge(t);
    const mark = await compactionMark(t.db);
    expect(mark.days).toBe(mark.compacted);
    expect(await rowCount()).toBeLessThan(first.length / 10);
    const fromDays = await reads(until);
    for (const key of Object.keys(fromRows)) expect(fromDays[key], key).toEqual(fromRows[key]);
    expect(JSON.stringify(fromDays)).toContain('invalid_reasons');
  }, 60_000);

  it('answers alike with readings in reading days, compacted rows not purged and rows not compacted', async () => {
    const later = workload(START + 3 * DAY_MS, 2, 2);
    const until = START + 5 * DAY_MS;
    await store(later.slice(0, 100));
    await t.app.compactor!.run();
    await store(later.slice(100));
    const mixed = await reads(until);
    await compactAndPurge(t);
    const fromDays = await reads(until);
    for (const key of Object.keys(mixed)) expect(fromDays[key], key).toEqual(mixed[key]);
    expect(fromDays.total).toBe(workload(START, 3, 1).length + later.length);
  }, 60_000);
});

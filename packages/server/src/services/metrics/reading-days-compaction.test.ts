import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrator } from '../../db/migrate.ts';
import { fromJson, toJson } from '../../db/values.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { compactAndPurge } from '../../test-support/stored-readings.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { compactionMark } from './block-store.ts';
import { channelKeyOf } from './reading-day-store.ts';
import { decodeReadingDay } from './reading-days.ts';
import { withValues, type IndexedGroup } from './reading-rest.ts';
import { dayOf, decodeBlock } from './series-blocks.ts';
import { CERRO, GAUGE_SPEC, createSite, tokenIn, type Payload } from './test-fixtures.ts';

/**
 * Compaction keeps each reading's time, received_at and the rest of its JSON in reading days
 * (ADR 0048, steps 1–2): rebuilt from them and the series blocks, every reading equals its row.
 */

const INGEST = '/ingest/api/v1/payloads';
const START = Date.parse('2026-09-01T00:00:00Z');
const DAY_MS = 86_400_000;

let t: TestApp;
let token: string;
let payloads: Payload[];

/** Gauges every 10 min over 3 days (with jitter, gaps, invalid values, a missing metric), a data point's readings, the days' first and last ms, and a gauge whose formula wants a calibration it has not. */
function workload(dataPoints: Record<string, string>): Payload[] {
  const r = seededRandom(37);
  const out: Payload[] = [];
  for (let i = 0; i < 3 * 144; i++) {
    const t0 = START + i * 600_000;
    out.push({
      eid: 'RD-1',
      read_at: new Date(t0).toISOString(),
      raw_metrics: { pore_kpa: 120 + (i % 7), temp_c: 11.5 },
    });
    if (i % 9 !== 4)
      out.push({
        eid: 'RD-2',
        read_at: new Date(t0 + r.int(60_000)).toISOString(),
        raw_metrics: i % 13 === 0 ? { pore_kpa: 2500 } : { pore_kpa: Number((r.next() * 300).toFixed(3)) },
      });
    if (i % 3 === 0)
      out.push({
        eid: 'RD-3',
        read_at: new Date(t0 + 1).toISOString(),
        raw_metrics: { pore_kpa: i / 3, temp_c: -i / 100 },
        data_point_id: dataPoints[i % 2 ? 'north' : 'south']!,
      });
    if (i % 5 === 0)
      out.push({ eid: 'RD-CAL', read_at: new Date(t0).toISOString(), raw_metrics: { pore_kpa: 50 + i } });
  }
  for (const day of [1, 2]) {
    out.push({ eid: 'RD-1', read_at: new Date(START + day * DAY_MS - 1).toISOString(), raw_metrics: { pore_kpa: 0 } });
    out.push({ eid: 'RD-2', read_at: new Date(START + day * DAY_MS).toISOString(), raw_metrics: { temp_c: 3 } });
  }
  // arrival order is not time order: devices report late, in bursts
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.max(0, i - r.int(40));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

type Row = Awaited<ReturnType<typeof readRows>>[number];
const readRows = () => t.db.selectFrom('readings').selectAll().execute();
/** Every row ever stored, by seq: compaction purges them once they are in reading days. */
const stored = new Map<number, Row>();

async function store(part: Payload[]) {
  for (let i = 0; i < part.length; i += 150) {
    const res = await t.call('POST', INGEST, { token, body: part.slice(i, i + 150) });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  }
  for (const row of await readRows()) stored.set(Number(row.seq), row);
}

beforeAll(async () => {
  t = await createTestApp();
  const site = await createSite(t, CERRO, [
    { eid: 'RD-1', elevation: 401.25 },
    { eid: 'RD-2', elevation: 398 },
    { eid: 'RD-3', elevation: 0, dataPoints: ['north', 'south'] },
  ]);
  await createSite(t, CERRO, [{ eid: 'RD-CAL', elevation: 12 }]);
  // RD-CAL's scheme computes its head with a calibration factor: no calibration, so an invalid reason
  const spec = structuredClone(GAUGE_SPEC);
  spec.metrics.calculated_metrics[0]!.formula = 'tip_m + cal.G * pore_kpa';
  const cal = await t.db
    .selectFrom('monitored_entities')
    .select('scheme_id')
    .where('eid', '=', 'RD-CAL')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('schemes')
    .set({ spec: toJson(spec) })
    .where('id', '=', cal.scheme_id!)
    .execute();
  token = await tokenIn(t, 'admin', site.projectId);
  payloads = workload(site.dataPoints);
});
afterAll(() => t.close());

/** Numbers equal with `===` (a block's -0 is the JSON's 0), objects with the same keys, anything else equal. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

interface Rebuilt {
  receivedAt: string;
  metrics: object;
}

/** Every reading in reading days, rebuilt with its values from the series blocks, by channel and read_at. */
async function rebuiltReadings(): Promise<Map<string, Rebuilt>> {
  const series = await t.db
    .selectFrom('metric_series')
    .select(['id', 'entity_id', 'data_point_id', 'metric_group', 'metric'])
    .execute();
  const blocks = new Map<string, { times: Float64Array; values: Float64Array }>();
  for (const b of await t.db.selectFrom('metric_blocks').select(['series_id', 'day', 'data']).execute()) {
    blocks.set(`${b.series_id}:${Number(b.day)}`, decodeBlock(b.data));
  }
  const days = await t.db
    .selectFrom('reading_days')
    .innerJoin('reading_channels', 'reading_channels.id', 'reading_days.channel_id')
    .select(['entity_id', 'data_point_id', 'compacted_until', 'day', 'n', 'last_t', 'data'])
    .execute();
  const rebuilt = new Map<string, Rebuilt>();
  for (const row of days) {
    const day = decodeReadingDay(row.data);
    expect(day.times.length).toBe(row.n);
    expect(day.times.at(-1)).toBe(Number(row.last_t));
    expect(Number(row.compacted_until)).toBeGreaterThanOrEqual(Number(row.last_t));
    const own = series.filter((s) => s.entity_id === row.entity_id && s.data_point_id === row.data_point_id);
    day.times.forEach((time, i) => {
      expect(dayOf(time)).toBe(Number(row.day));
      const values = own.flatMap((s) => {
        const block = blocks.get(`${s.id}:${Number(row.day)}`);
        const at = block ? block.times.indexOf(time) : -1;
        return at < 0 ? [] : [{ group: s.metric_group as IndexedGroup, metric: s.metric, value: block!.values[at]! }];
      });
      const key = `${channelKeyOf(row.entity_id, row.data_point_id)}\u0000${new Date(time).toISOString()}`;
      expect(rebuilt.has(key), key).toBe(false);
      rebuilt.set(key, {
        receivedAt: new Date(day.received[i]!).toISOString(),
        metrics: withValues(day.rests[i]!, values),
      });
    });
  }
  return rebuilt;
}

/** Every reading row stored is rebuilt equal from reading days and blocks, and reading days hold nothing else. */
async function expectEveryReadingRebuilt() {
  const rows = [...stored.values()];
  const rebuilt = await rebuiltReadings();
  expect(rebuilt.size).toBe(rows.length);
  for (const row of rows) {
    const key = `${channelKeyOf(row.entity_id, row.data_point_id)}\u0000${row.read_at}`;
    const reading = rebuilt.get(key);
    expect(reading, key).toBeDefined();
    expect(reading!.receivedAt, key).toBe(row.received_at);
    const metrics = fromJson<object>(row.metrics, {});
    expect(same(reading!.metrics, metrics), `${key}: ${JSON.stringify(reading!.metrics)} ≠ ${row.metrics}`).toBe(true);
  }
  return rows;
}

async function expectCaughtUp() {
  const mark = await compactionMark(t.db);
  expect(mark.compacted).toBe(Math.max(...stored.keys()));
  expect(mark.days).toBe(mark.compacted);
  // the rows in reading days are purged (ADR 0048)
  expect(await readRows()).toEqual([]);
}

describe('reading days written by compaction (ADR 0048)', () => {
  it('keeps every compacted reading: rebuilt from reading days and blocks, it equals its row', async () => {
    const first = Math.ceil(payloads.length * 0.6);
    await store(payloads.slice(0, first));
    await compactAndPurge(t);
    await expectCaughtUp();
    expect((await expectEveryReadingRebuilt()).length).toBeGreaterThan(0);

    // the rest, with a resent part of the first (duplicates: stored once, kept once)
    await store([...payloads.slice(first), ...payloads.slice(0, 60)]);
    await compactAndPurge(t);
    await expectCaughtUp();
    const rows = await expectEveryReadingRebuilt();
    expect(rows.length).toBe(payloads.length);
    expect(new Set(rows.map((r) => `${r.entity_id} ${r.data_point_id} ${r.read_at}`)).size).toBe(rows.length);
    expect(rows.some((r) => r.metrics.includes('invalid_reasons'))).toBe(true);
    expect(rows.some((r) => r.data_point_id !== '')).toBe(true);

    // a channel's watermark is the last read_at its reading days hold
    const channels = await t.db
      .selectFrom('reading_channels')
      .select(['entity_id', 'data_point_id', 'compacted_until'])
      .execute();
    for (const c of channels) {
      const newest = rows
        .filter((r) => r.entity_id === c.entity_id && r.data_point_id === c.data_point_id)
        .reduce((max, r) => Math.max(max, Date.parse(r.read_at)), -Infinity);
      expect(Number(c.compacted_until)).toBe(newest);
    }
  });

  it('builds the reading days of a database whose readings were compacted before they existed', async () => {
    // as after migration 0026: readings compacted, no reading day, days_seq 0, and every row there
    await (await migrator(t.db)).migrateTo('0025-retention');
    await migrateToLatest(t.db);
    await t.db
      .insertInto('readings')
      .values([...stored.values()])
      .execute();
    expect(await t.db.selectFrom('reading_days').select('n').execute()).toEqual([]);
    expect((await compactionMark(t.db)).days).toBe(0);

    // readings stored meanwhile are compacted into blocks at once, into reading days once these caught up
    const later = payloads
      .slice(0, 200)
      .map((p) => ({ ...p, read_at: new Date(Date.parse(p.read_at) + 3 * DAY_MS).toISOString() }));
    await store(later);
    await compactAndPurge(t);
    await expectCaughtUp();
    expect((await expectEveryReadingRebuilt()).length).toBe(payloads.length + later.length);
  });
});

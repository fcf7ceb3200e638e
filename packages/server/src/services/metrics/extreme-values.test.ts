import { MAX_METRIC_MAGNITUDE } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, CERRO, createSite, ingest, tokenIn, type Payload, type Site } from './test-fixtures.ts';
import { writeBatch, type NewReading } from './write-store.ts';

/**
 * Aggregates stay finite whatever finite values are stored (ADR 0008, amended): values near the
 * largest magnitude ingest accepts, and values near the largest double stored before that bound
 * existed, whose plain sums overflow to Infinity (null on the wire).
 */
let t: TestApp;
let token: string;
let site: Site;

const MAX = Number.MAX_VALUE;
const FNS = ['avg', 'sum', 'min', 'max', 'count', 'first'] as const;
type Fn = (typeof FNS)[number];

/** The hour every near-bound value falls in, and the hour of the values stored before the bound. */
const NEAR_HOUR = Date.parse('2026-07-01T10:00:00Z');
const OLD_HOUR = Date.parse('2026-07-02T10:00:00Z');
const iso = (t0: number) => new Date(t0).toISOString();

/** 60 readings a minute apart in NEAR_HOUR, of ±1e15 and just under it; EX-2's alternate between two data points. */
function nearBound(eid: string, dataPoints?: string[]): Payload[] {
  return Array.from({ length: 60 }, (_, i) => ({
    eid,
    read_at: iso(NEAR_HOUR + i * 60_000),
    raw_metrics: { temp_c: i % 7 === 3 ? -MAX_METRIC_MAGNITUDE : MAX_METRIC_MAGNITUDE - i },
    ...(dataPoints ? { data_point_id: dataPoints[i % 2]! } : {}),
  }));
}

function expectedOf(values: number[], fn: Fn): number {
  const sum = values.reduce((a, b) => a + b, 0);
  return {
    avg: sum / values.length,
    sum,
    min: Math.min(...values),
    max: Math.max(...values),
    count: values.length,
    first: values[0]!,
  }[fn];
}

async function timeseries(body: Record<string, unknown>) {
  const res = await t.call('POST', `${API}/metrics/timeseries/`, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const out: Record<string, Record<string, number | null>> = {};
  for (const s of res.body.data as Array<{ monitored_entity: string; values: Record<string, number | null> }>) {
    out[s.monitored_entity] = s.values;
  }
  return out;
}

/** A reading as the pipeline stored it before values had a bound: straight through the write module. */
async function storeOld(eid: string, at: number, temp_c: number, dataPoint?: string) {
  const reading: NewReading = {
    entityId: site.ids[eid]!,
    dataPointId: dataPoint ? site.dataPoints[dataPoint]! : '',
    readAt: iso(at),
    t: at,
    metrics: { raw_metrics: { temp_c }, calculated_metrics: {}, context_metrics: { tip_m: 400 }, invalid_metrics: {} },
  };
  await writeBatch(t.db, t.app.dialect, {
    projectId: site.projectId,
    receivedAt: new Date().toISOString(),
    readings: [reading],
    unknownPayloads: [],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, CERRO, [
    { eid: 'EX-1', elevation: 400 },
    { eid: 'EX-2', elevation: 400, dataPoints: ['ex-a', 'ex-b'] },
    { eid: 'EX-3', elevation: 400 },
    { eid: 'EX-4', elevation: 400 },
    { eid: 'EX-5', elevation: 400, dataPoints: ['ex5-b'] },
  ]);
  token = await tokenIn(t, 'admin', site.projectId);
  // EX-3 and EX-5: +max, +max, -max in one hour (EX-5's last on a data point of its own), the first
  // compacted into its day block, the others left in the tail. EX-4: +max twice, compacted.
  await storeOld('EX-3', OLD_HOUR, MAX);
  await storeOld('EX-5', OLD_HOUR, MAX);
  await storeOld('EX-4', OLD_HOUR, MAX);
  await storeOld('EX-4', OLD_HOUR + 30 * 60_000, MAX);
  // ingest() compacts what was stored before and 60 % of its payloads
  await ingest(t, token, [
    ...nearBound('EX-1'),
    ...nearBound('EX-2', [site.dataPoints['ex-a']!, site.dataPoints['ex-b']!]),
  ]);
  for (const eid of ['EX-3', 'EX-5']) {
    await storeOld(eid, OLD_HOUR + 20 * 60_000, MAX);
    await storeOld(eid, OLD_HOUR + 40 * 60_000, -MAX, eid === 'EX-5' ? 'ex5-b' : undefined);
  }
});
afterAll(() => t.close());

/** The values of one entity's series, asked alone (a single series streams; several are summed in buckets). */
async function valuesOf(eid: string, fn: Fn, aggregation: Record<string, unknown>, around: number) {
  const res = await timeseries({
    from_time: iso(around - 86_400_000),
    to_time: iso(around + 86_400_000),
    metric: 'raw_metrics.temp_c',
    aggregation: { function: fn, ...aggregation },
    filters: { monitored_entity_ids: [site.ids[eid]] },
  });
  return res[site.ids[eid]!] ?? {};
}

describe('aggregates of values near the largest magnitude a sensor value may have', () => {
  it('are finite and right for every function, by hour, day and 10 minutes, compacted or not', async () => {
    const values = nearBound('EX-1').map((p) => p.raw_metrics.temp_c!);
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ interval: 'hour' }, 3_600_000],
      [{ interval: 'day' }, 86_400_000],
      [{ interval_sec: 600 }, 600_000],
    ];
    for (const [aggregation, width] of cases) {
      for (const fn of FNS) {
        for (const eid of ['EX-1', 'EX-2']) {
          const buckets = await valuesOf(eid, fn, aggregation, NEAR_HOUR);
          expect(Object.keys(buckets)).toHaveLength(3_600_000 / Math.min(width, 3_600_000));
          for (const [time, value] of Object.entries(buckets)) {
            const start = Date.parse(time);
            const inBucket = values.filter(
              (_, i) => NEAR_HOUR + i * 60_000 >= start && NEAR_HOUR + i * 60_000 < start + width,
            );
            const label = `${eid} ${fn} ${JSON.stringify(aggregation)} ${time}`;
            expect(Number.isFinite(value), label).toBe(true);
            const wanted = expectedOf(inBucket, fn);
            expect(Math.abs(value! - wanted), label).toBeLessThanOrEqual(Math.abs(wanted) * 1e-12);
          }
        }
      }
    }
  });
});

describe('aggregates of values stored before the bound, near the largest double', () => {
  it('never overflow to null: +max, +max and -max in one hour, day or window sum to max', async () => {
    const wanted: Record<Fn, number> = { avg: MAX / 3, sum: MAX, min: -MAX, max: MAX, count: 3, first: MAX };
    for (const aggregation of [{ interval: 'hour' }, { interval: 'day' }, { interval_sec: 7200 }]) {
      for (const fn of FNS) {
        for (const eid of ['EX-3', 'EX-5']) {
          const values = Object.values(await valuesOf(eid, fn, aggregation, OLD_HOUR));
          expect(values, `${eid} ${fn} ${JSON.stringify(aggregation)}`).toEqual([wanted[fn]]);
        }
      }
    }
  });

  it('answers the largest double for a sum beyond it, and the right mean', async () => {
    for (const aggregation of [{ interval: 'hour' }, { interval: 'day' }]) {
      expect(Object.values(await valuesOf('EX-4', 'sum', aggregation, OLD_HOUR))).toEqual([MAX]);
    }
    expect(Object.values(await valuesOf('EX-4', 'avg', { interval: 'hour' }, OLD_HOUR))).toEqual([MAX]);
  });

  it('reads a day summary whose sum overflowed to Infinity as the largest double', async () => {
    const series = await t.db
      .selectFrom('metric_series')
      .select('id')
      .where('entity_id', '=', site.ids['EX-4']!)
      .where('metric', '=', 'temp_c')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('metric_days').set({ sum: Infinity }).where('series_id', '=', series.id).execute();
    expect(Object.values(await valuesOf('EX-4', 'sum', { interval: 'day' }, OLD_HOUR))).toEqual([MAX]);
    // The mean of a day is then its saturated sum over its count: finite, though no longer exact.
    expect(Object.values(await valuesOf('EX-4', 'avg', { interval: 'day' }, OLD_HOUR))).toEqual([MAX / 2]);
  });
});

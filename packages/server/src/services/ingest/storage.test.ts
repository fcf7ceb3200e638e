import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  CERRO,
  createPiezometers,
  INGEST,
  series,
  storageSnapshot,
  tokenFor,
  type TestDevices,
} from './test-fixtures.ts';

let t: TestApp;
let devices: TestDevices;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-S1': 412.3, 'PZ-S2': 398.75, 'PZ-S3': 401 });
  admin = await tokenFor(t, 'admin', devices.projectId);
});
afterAll(() => t.close());

const post = (body: unknown) => t.call('POST', INGEST, { token: admin, body });

/** A deterministic shuffle, so that batches arrive out of time order. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 7;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 16807) % 2147483647;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('idempotent, consistent storage', () => {
  it('leaves every count and rollup sum unchanged when a batch is sent again', async () => {
    const batch = [...series('PZ-S1', '2026-08-01T00:00:00Z', 300), ...series('PZ-S2', '2026-08-01T00:05:00Z', 300)];
    expect((await post(batch)).body).toEqual({ accepted: 600, duplicates: 0, unknown: 0, invalid_values: 0 });
    const after = await storageSnapshot(t);
    expect(after.readings).toBeGreaterThanOrEqual(600);

    expect((await post(batch)).body).toEqual({ accepted: 0, duplicates: 600, unknown: 0, invalid_values: 0 });
    expect(await storageSnapshot(t)).toEqual(after);

    // the same instants written another way are the same readings
    const respelled = batch.slice(0, 10).map((p) => ({ ...p, read_at: p.read_at.replace('.000Z', '+00:00') }));
    expect((await post(respelled)).body).toMatchObject({ accepted: 0, duplicates: 10 });
    expect(await storageSnapshot(t)).toEqual(after);
  });

  it('counts a payload repeated within one batch once', async () => {
    const one = series('PZ-S3', '2026-07-01T00:00:00Z', 1)[0]!;
    expect((await post([one, one, { ...one, raw_metrics: { pressure: 999 } }])).body).toEqual({
      accepted: 1,
      duplicates: 2,
      unknown: 0,
      invalid_values: 0,
    });
  });

  it('stores concurrent identical batches once', async () => {
    const batch = shuffled([
      ...series('PZ-S1', '2026-06-01T00:00:00Z', 200, 900_000),
      ...series('PZ-S2', '2026-06-01T00:00:00Z', 200, 900_000),
      ...series('PZ-S3', '2026-06-01T00:00:00Z', 200, 900_000),
    ]);
    const before = await storageSnapshot(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(batch)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.body.accepted, 0)).toBe(600);
    expect(answers.reduce((sum, a) => sum + a.body.duplicates, 0)).toBe(4 * 600);
    const after = await storageSnapshot(t);
    expect(after.readings - before.readings).toBe(600);
    // pressure, temperature and piezometric level of each reading
    expect(after.values - before.values).toBe(1800);
    expect(after.rollupCount - before.rollupCount).toBe(2 * 1800);
  });

  it('keeps hourly and daily rollups equal to what the stored readings give', async () => {
    // out of order, overlapping, spread over days, across several requests
    const all = shuffled([
      ...series('PZ-S1', '2026-05-01T00:00:00Z', 500, 7 * 60_000),
      ...series('PZ-S2', '2026-05-01T00:03:00Z', 400, 11 * 60_000),
    ]);
    for (let i = 0; i < all.length; i += 170) await post(all.slice(Math.max(0, i - 20), i + 170));

    const readings = await t.db.selectFrom('readings').select(['entity_id', 'read_at', 'metrics']).execute();
    type Agg = {
      count: number;
      sum: number;
      min: number;
      max: number;
      firstT: number;
      first: number;
      lastT: number;
      last: number;
    };
    const expected = new Map<string, Agg>();
    for (const r of readings) {
      const metrics = JSON.parse(r.metrics) as Record<string, Record<string, number>>;
      const t0 = Date.parse(r.read_at);
      for (const group of ['raw_metrics', 'calculated_metrics', 'invalid_metrics']) {
        for (const [metric, value] of Object.entries(metrics[group] ?? {})) {
          for (const [period, ms] of [
            ['hour', 3_600_000],
            ['day', 86_400_000],
          ] as const) {
            const key = [r.entity_id, group, metric, period, Math.floor(t0 / ms) * ms].join('|');
            const a = expected.get(key);
            if (!a) {
              expected.set(key, {
                count: 1,
                sum: value,
                min: value,
                max: value,
                firstT: t0,
                first: value,
                lastT: t0,
                last: value,
              });
              continue;
            }
            a.count += 1;
            a.sum += value;
            a.min = Math.min(a.min, value);
            a.max = Math.max(a.max, value);
            if (t0 < a.firstT) [a.firstT, a.first] = [t0, value];
            if (t0 > a.lastT) [a.lastT, a.last] = [t0, value];
          }
        }
      }
    }

    const rollups = await t.db
      .selectFrom('metric_rollups as r')
      .innerJoin('metric_series as s', 's.id', 'r.series_id')
      .select([
        's.entity_id',
        's.metric_group',
        's.metric',
        'r.period',
        'r.bucket',
        'r.count',
        'r.sum',
        'r.min',
        'r.max',
      ])
      .select(['r.first_t', 'r.first', 'r.last_t', 'r.last'])
      .execute();
    expect(rollups.length).toBe(expected.size);
    for (const r of rollups) {
      const key = [r.entity_id, r.metric_group, r.metric, r.period, Number(r.bucket)].join('|');
      const want = expected.get(key);
      expect(want, key).toBeDefined();
      expect(Number(r.count), key).toBe(want!.count);
      expect(r.sum, key).toBeCloseTo(want!.sum, 6);
      expect(r.min, key).toBe(want!.min);
      expect(r.max, key).toBe(want!.max);
      expect([Number(r.first_t), r.first, Number(r.last_t), r.last], key).toEqual([
        want!.firstT,
        want!.first,
        want!.lastT,
        want!.last,
      ]);
    }

    // and every value row is one metric of one stored reading
    const valueCount = await t.db
      .selectFrom('metric_values')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const dayTotal = [...expected.entries()].filter(([k]) => k.includes('|day|')).reduce((n, [, a]) => n + a.count, 0);
    expect(Number(valueCount.n)).toBe(dayTotal);
  });
});

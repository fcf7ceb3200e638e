import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { decodeBlock } from '../metrics/series-blocks.ts';
import { storedReadingsOf } from '../../test-support/stored-readings.ts';
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
  it('leaves every count and value sum unchanged when a batch is sent again, before and after compaction', async () => {
    const batch = [...series('PZ-S1', '2026-08-01T00:00:00Z', 300), ...series('PZ-S2', '2026-08-01T00:05:00Z', 300)];
    expect((await post(batch)).body).toEqual({
      accepted: 600,
      duplicates: 0,
      unknown: 0,
      invalid_values: 0,
      out_of_scope: 0,
    });
    const after = await storageSnapshot(t);
    expect(after.readings).toBeGreaterThanOrEqual(600);

    expect((await post(batch)).body).toEqual({
      accepted: 0,
      duplicates: 600,
      unknown: 0,
      invalid_values: 0,
      out_of_scope: 0,
    });
    expect(await storageSnapshot(t)).toEqual(after);

    // the same instants written another way are the same readings
    const respelled = batch.slice(0, 10).map((p) => ({ ...p, read_at: p.read_at.replace('.000Z', '+00:00') }));
    expect((await post(respelled)).body).toMatchObject({ accepted: 0, duplicates: 10 });
    expect(await storageSnapshot(t)).toEqual(after);
  });

  it('stores and compacts only the new readings of a batch that overlaps one stored before', async () => {
    const readings = series('PZ-S3', '2026-09-01T00:00:00Z', 20);
    const before = await storageSnapshot(t);
    expect((await post(readings.slice(0, 8))).body).toMatchObject({ accepted: 8, duplicates: 0 });
    expect((await post(shuffled(readings))).body).toMatchObject({ accepted: 12, duplicates: 8 });
    const after = await storageSnapshot(t);
    expect(after.readings - before.readings).toBe(20);
    // pressure, temperature and piezometric_level of each reading, each in its block once
    expect(after.values - before.values).toBe(60);
    const sum = readings.reduce((s, p) => s + p.raw_metrics.pressure + p.raw_metrics.temperature, 0);
    const levels = readings.reduce((s, p) => s + 401 + p.raw_metrics.pressure / 9.8068, 0);
    expect(after.valueSum - before.valueSum).toBeCloseTo(sum + levels, 4);
  });

  it('counts a payload repeated within one batch once', async () => {
    const one = series('PZ-S3', '2026-07-01T00:00:00Z', 1)[0]!;
    expect((await post([one, one, { ...one, raw_metrics: { pressure: 999 } }])).body).toEqual({
      accepted: 1,
      duplicates: 2,
      unknown: 0,
      invalid_values: 0,
      out_of_scope: 0,
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
  });

  it('keeps day blocks equal to what the stored readings give, with compaction between requests', async () => {
    // out of order, overlapping, spread over days, across several requests, some into compacted days
    const all = shuffled([
      ...series('PZ-S1', '2026-05-01T00:00:00Z', 500, 7 * 60_000),
      ...series('PZ-S2', '2026-05-01T00:03:00Z', 400, 11 * 60_000),
    ]);
    for (let i = 0; i < all.length; i += 170) {
      await post(all.slice(Math.max(0, i - 20), i + 170));
      if (i % 340 === 0) await t.app.compactor!.run();
    }
    await t.app.compactor!.run();

    const entityIds = (await t.db.selectFrom('monitored_entities').select('id').execute()).map((e) => e.id);
    const readings = await storedReadingsOf(t.db, entityIds);
    // series key and day → the [t, value] pairs of the readings
    const expected = new Map<string, Array<[number, number]>>();
    for (const r of readings) {
      const metrics = r.metrics as Record<string, Record<string, number>>;
      const t0 = Date.parse(r.read_at);
      for (const group of ['raw_metrics', 'calculated_metrics', 'invalid_metrics']) {
        for (const [metric, value] of Object.entries(metrics[group] ?? {})) {
          const key = [r.entity_id, group, metric, Math.floor(t0 / 86_400_000) * 86_400_000].join('|');
          expected.set(key, [...(expected.get(key) ?? []), [t0, value]]);
        }
      }
    }

    const blocks = await t.db
      .selectFrom('metric_days as b')
      .innerJoin('metric_series as s', 's.id', 'b.series_id')
      .innerJoin('metric_blocks as d', (j) => j.onRef('d.series_id', '=', 'b.series_id').onRef('d.day', '=', 'b.day'))
      .select(['s.entity_id', 's.metric_group', 's.metric', 'b.day', 'b.count', 'b.sum', 'b.min', 'b.max'])
      .select(['b.first_t', 'b.first', 'b.last_t', 'b.last', 'd.data'])
      .execute();
    expect(blocks.length).toBe(expected.size);
    for (const b of blocks) {
      const key = [b.entity_id, b.metric_group, b.metric, Number(b.day)].join('|');
      const pairs = expected.get(key)!.sort((x, y) => x[0] - y[0]);
      expect(pairs, key).toBeDefined();
      const values = pairs.map((p) => p[1]);
      expect(Number(b.count), key).toBe(pairs.length);
      expect(b.sum, key).toBeCloseTo(
        values.reduce((a, v) => a + v, 0),
        6,
      );
      expect(b.min, key).toBe(Math.min(...values));
      expect(b.max, key).toBe(Math.max(...values));
      expect([Number(b.first_t), b.first, Number(b.last_t), b.last], key).toEqual([...pairs[0]!, ...pairs.at(-1)!]);
      const block = decodeBlock(b.data);
      expect([...block.times], key).toEqual(pairs.map((p) => p[0]));
      expect([...block.values], key).toEqual(values);
    }
  });
});

describe('compaction', () => {
  it('creates a series it cannot find (a restored backup) instead of stopping at that reading', async () => {
    const more = await createPiezometers(t, CERRO, { 'PZ-S4': 405 });
    await t.app.compactor!.run();
    expect((await post(series('PZ-S4', '2026-04-01T00:00:00Z', 5))).body).toMatchObject({ accepted: 5 });
    await t.db.deleteFrom('metric_series').where('entity_id', '=', more.ids['PZ-S4']!).execute();

    // the last reading stored, read before compaction purges its row (ADR 0048)
    const { last } = await t.db
      .selectFrom('readings')
      .select((eb) => eb.fn.max('seq').as('last'))
      .executeTakeFirstOrThrow();
    await t.app.compactor!.run();
    const { compacted_seq } = await t.db
      .selectFrom('metric_compaction')
      .select('compacted_seq')
      .executeTakeFirstOrThrow();
    expect(Number(compacted_seq)).toBe(Number(last));
    const days = await t.db
      .selectFrom('metric_days as d')
      .innerJoin('metric_series as s', 's.id', 'd.series_id')
      .select(['s.metric', 'd.count'])
      .where('s.entity_id', '=', more.ids['PZ-S4']!)
      .orderBy('s.metric')
      .execute();
    expect(days.map((d) => [d.metric, Number(d.count)])).toEqual([
      ['piezometric_level', 5],
      ['pressure', 5],
      ['temperature', 5],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRawBlock } from '../services/metrics/block-codec.ts';
import { decodeBlock } from '../services/metrics/series-blocks.ts';
import { CERRO, createSite, ingest, tokenIn, type Payload } from '../services/metrics/test-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { migrateToLatest, migrator } from './migrate.ts';

/** Migration 0024 (ADR 0045): raw day blocks of ADR 0014 coded again, not a value lost or changed. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const site = await createSite(t, CERRO, [
    { eid: 'MIG-PZ-1', elevation: 401.25 },
    { eid: 'MIG-PZ-2', elevation: 398 },
  ]);
  const token = await tokenIn(t, 'admin', site.projectId);
  const start = Date.parse('2026-06-01T00:00:00Z');
  const payloads: Payload[] = [];
  // three days every 5 minutes, a gap, and hand readings at odd times: decimals, and a head
  // (tip + pressure / 10) that is not always a short decimal
  for (let i = 0; i < 3 * 288; i++) {
    if (i > 300 && i < 340) continue;
    for (const [k, eid] of ['MIG-PZ-1', 'MIG-PZ-2'].entries()) {
      payloads.push({
        eid,
        read_at: new Date(start + i * 300_000 + (i % 97 === 0 ? 12_345 : 0)).toISOString(),
        raw_metrics: { pore_kpa: Number((150 + k + 20 * Math.sin(i / 50)).toFixed(3)), temp_c: i % 5 ? 12.5 : -0.25 },
      });
    }
  }
  await ingest(t, token, payloads);
  await t.app.compactor!.run();
});
afterAll(() => t.close());

const bits = (doubles: Float64Array) =>
  Buffer.from(doubles.buffer, doubles.byteOffset, doubles.byteLength).toString('hex');

/** Every block's times and values, as bits, by series and day; and the blocks' bytes. */
async function storedBlocks() {
  const rows = await t.db.selectFrom('metric_blocks').select(['series_id', 'day', 'data']).execute();
  const values = new Map<string, { times: string; values: string }>();
  for (const r of rows) {
    const block = decodeBlock(r.data);
    values.set(`${r.series_id}:${Number(r.day)}`, { times: bits(block.times), values: bits(block.values) });
  }
  return { values, data: rows.map((r) => r.data) };
}

describe('migration 0024-compressed-blocks', () => {
  it('codes every raw block again, and every time and value reads back bit for bit', async () => {
    const compacted = await storedBlocks();
    // 2 gauges × 3 metrics (pressure, temperature, head) × 3 days
    expect(compacted.values.size).toBe(18);

    const step = await (await migrator(t.db)).migrateTo('0023-inclinometer-datums');
    expect(step.results?.map((r) => [r.migrationName, r.status])).toContainEqual(['0024-compressed-blocks', 'Success']);
    const raw = await storedBlocks();
    expect(raw.data.every(isRawBlock)).toBe(true);
    expect(raw.values).toEqual(compacted.values);

    // a raw block as a database may hold from before ingest bounded values: extremes and negative zero
    const series = await t.db.selectFrom('metric_series').select('id').limit(1).executeTakeFirstOrThrow();
    const day = Date.parse('2020-01-01T00:00:00Z');
    const extremes = [-0, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 2, 1e-300, 0.1];
    const all = Float64Array.from([...extremes.map((_, i) => day + i * 1000), ...extremes]);
    await t.db
      .insertInto('metric_blocks')
      .values({ series_id: series.id, day, data: new Uint8Array(all.buffer), version: 0 })
      .execute();
    const before = await storedBlocks();
    expect(before.values.get(`${series.id}:${day}`)?.values).toBe(bits(Float64Array.from(extremes)));

    await migrateToLatest(t.db);
    const after = await storedBlocks();
    expect(after.data.some(isRawBlock)).toBe(false);
    expect(after.values).toEqual(before.values);
    const size = (data: Uint8Array[]) => data.reduce((sum, d) => sum + d.length, 0);
    expect(size(after.data)).toBeLessThan(size(before.data) / 3);
  });
});

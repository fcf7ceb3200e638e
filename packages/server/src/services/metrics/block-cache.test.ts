import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { BlockCache, blockCacheOf } from './block-cache.ts';
import { API, CERRO, createSite, ingest, tokenIn, type Site } from './test-fixtures.ts';

const block = (n: number) => ({ times: new Float64Array(n), values: new Float64Array(n) });

describe('the block cache', () => {
  it('gives a block back only at the version it was read at', () => {
    const cache = new BlockCache(1024);
    const b = block(4);
    cache.set(1, 0, 7, b);
    expect(cache.get(1, 0, 7)).toBe(b);
    expect(cache.get(1, 0, 8)).toBeUndefined();
    expect(cache.get(2, 0, 7)).toBeUndefined();
    cache.set(1, 0, 8, block(4));
    expect(cache.get(1, 0, 7)).toBeUndefined();
    expect(cache.bytes).toBe(64);
  });

  it('forgets the least recently used blocks beyond its size, and keeps none bigger than itself', () => {
    const cache = new BlockCache(3 * 64);
    for (const day of [0, 1, 2]) cache.set(1, day, 1, block(4));
    cache.get(1, 0, 1); // day 0 used last: day 1 goes first
    cache.set(1, 3, 1, block(4));
    expect([0, 1, 2, 3].map((day) => cache.get(1, day, 1) !== undefined)).toEqual([true, false, true, true]);
    expect(cache.bytes).toBe(3 * 64);
    cache.set(1, 4, 1, block(100));
    expect(cache.get(1, 4, 1)).toBeUndefined();
    expect(cache.bytes).toBe(3 * 64);
  });
});

describe('charts read through the block cache', () => {
  let t: TestApp;
  let site: Site;
  let token: string;
  const DAY = Date.parse('2026-10-01T00:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    site = await createSite(t, CERRO, [{ eid: 'BC-1', elevation: 100 }]);
    token = await tokenIn(t, 'admin', site.projectId);
    const payloads = Array.from({ length: 24 }, (_, h) => ({
      eid: 'BC-1',
      read_at: new Date(DAY + h * 3_600_000).toISOString(),
      raw_metrics: { pore_kpa: 100 + h },
    }));
    await ingest(t, token, payloads);
    await t.app.compactor!.run();
  });
  afterAll(() => t.close());

  const hourlyMax = async () => {
    const res = await t.call('POST', `${API}/metrics/timeseries/`, {
      token,
      body: {
        metric: 'raw_metrics.pore_kpa',
        from_time: new Date(DAY).toISOString(),
        to_time: new Date(DAY + 86_400_000).toISOString(),
        aggregation: { function: 'max', interval_sec: 3600 },
        filters: { monitored_entity_ids: [site.ids['BC-1']] },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Object.values(res.body.data[0].values as Record<string, number>);
  };

  it('keep the day read once, and read it again when compaction rewrites it', async () => {
    const first = await hourlyMax();
    expect(first).toEqual(Array.from({ length: 24 }, (_, h) => 100 + h));
    const held = blockCacheOf(t.db).bytes;
    expect(held).toBeGreaterThan(0);
    expect(await hourlyMax()).toEqual(first);
    expect(blockCacheOf(t.db).bytes).toBe(held);

    // A late reading of the same day: compaction writes the day's block again, at a new version.
    const late = { eid: 'BC-1', read_at: new Date(DAY + 30 * 60_000).toISOString(), raw_metrics: { pore_kpa: 999 } };
    expect((await t.call('POST', '/ingest/api/v1/payloads', { token, body: [late] })).status).toBe(200);
    await t.app.compactor!.run();
    const after = await hourlyMax();
    expect(after[0]).toBe(999);
    expect(after.slice(1)).toEqual(first.slice(1));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '../../config.ts';
import { seedHistory } from '../../demo/history.ts';
import { compactionMark } from '../../services/metrics/block-store.ts';
import { COMPACTION_BATCH, compactOnce } from '../../services/metrics/compaction.ts';
import { INDEXED_GROUPS } from '../../services/metrics/reading-rest.ts';
import { purgeReadings } from '../../services/metrics/reading-purge.ts';
import { API, tokenIn } from '../../services/metrics/test-fixtures.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { migrateToLatest, migrator } from '../migrate.ts';

/**
 * Migration 0026 and the compaction after it (ADR 0048) on the demo with a few days of history
 * stored under the layout before it: every reading listed and every series value charted equal
 * before and after the readings move into reading days and their rows are purged.
 */

const DAY_MS = 86_400_000;
const END = Date.parse('2026-10-04T00:00:00Z');
const PAGE = 1000;

let t: TestApp;
/** a token per demo project */
const tokens = new Map<string, string>();

/** Compacts everything stored, as the compactor does; no purge. */
async function compactAll() {
  while ((await compactOnce(t.db, t.app.dialect)) >= COMPACTION_BATCH);
}

beforeAll(async () => {
  // No background worker: its compactor would compact and purge on a timer while the test migrates.
  const services = SERVICE_NAMES.filter((s) => s !== 'ingest' && s !== 'rules').join(',');
  t = await createTestApp({ env: { SERVICES: services } });
  const { dialect, bus, log, config } = t.app;
  const host = { db: t.db, dialect, bus, log, config, compactor: null, rulesEngine: null };
  // history compacted into series blocks, and a tail stored after the last compaction
  await seedHistory(host, { now: END - DAY_MS / 2, days: 3 });
  await compactAll();
  await seedHistory(host, { now: END });
  for (const p of await t.db.selectFrom('projects').select('id').execute())
    tokens.set(p.id, await tokenIn(t, 'admin', p.id));
}, 240_000);
afterAll(() => t.close());

/** -0 read as 0, everything else as it is: numbers then compare with `===` (ADR 0048: a block keeps the simulator's -0). */
function zeroSigned(value: unknown): unknown {
  if (typeof value === 'number') return value === 0 ? 0 : value;
  if (Array.isArray(value)) return value.map(zeroSigned);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, zeroSigned(v)]));
  return value;
}

async function call(method: 'GET' | 'POST', token: string, path: string, body?: unknown) {
  const res = await t.call(method, `${API}${path}`, { token, body });
  expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body;
}

/** Every reading of every project (GET metrics/, every page) and every value of every series (raw: 1 s buckets). */
async function readEverything() {
  const out: Record<string, unknown> = {};
  const series = await t.db
    .selectFrom('metric_series')
    .innerJoin('monitored_entities', 'monitored_entities.id', 'metric_series.entity_id')
    .select(['monitored_entities.project_id', 'metric_group', 'metric'])
    .distinct()
    .execute();
  let readings = 0;
  let values = 0;
  for (const [projectId, token] of tokens) {
    for (let page = 1; ; page++) {
      const body = await call('GET', token, `/metrics/?paginate_by=${PAGE}&page=${page}&ordering=-read_at`);
      out[`${projectId} page ${page}`] = body;
      readings += body.objects.length;
      if (page * PAGE >= body.count) break;
    }
    for (const s of series.filter((x) => x.project_id === projectId)) {
      // by entity, each value and how many share its second; by data point, each value
      for (const [fn, groupBy] of [
        ['first', 'monitored_entity'],
        ['count', 'monitored_entity'],
        ['first', 'data_point_id'],
      ] as const) {
        const body = await call('POST', token, '/metrics/timeseries/', {
          from_time: new Date(END - 5 * DAY_MS).toISOString(),
          to_time: new Date(END).toISOString(),
          metric: `${s.metric_group}.${s.metric}`,
          aggregation: { function: fn, interval_sec: 1, group_by: groupBy },
          filters: { valid_only: false },
        });
        out[`${projectId} ${s.metric_group}.${s.metric} ${fn} by ${groupBy}`] = body;
        if (fn === 'count')
          for (const d of body.data as Array<{ values: Record<string, number> }>)
            values += Object.values(d.values).reduce((sum, n) => sum + n, 0);
      }
    }
  }
  return { out, readings, values };
}

const rowCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('readings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** How many numbers the rows' indexed groups hold: the values the series blocks hold for them. */
async function valuesInRows() {
  let n = 0;
  for (const row of await t.db.selectFrom('readings').select('metrics').execute()) {
    const metrics = JSON.parse(row.metrics) as Record<string, Record<string, unknown> | undefined>;
    for (const group of INDEXED_GROUPS)
      n += Object.values(metrics[group] ?? {}).filter((v) => typeof v === 'number').length;
  }
  return n;
}

describe('migration 0026-reading-days', () => {
  it('moves every reading of the demo into reading days: listed and charted the same before and after', async () => {
    // the layout before 0026: rows of readings, compacted into series blocks up to compacted_seq
    const step = await (await migrator(t.db)).migrateTo('0025-retention');
    expect(step.error).toBeUndefined();
    expect(step.results?.map((r) => [r.migrationName, r.status])).toContainEqual(['0026-reading-days', 'Success']);
    const rows = await rowCount();
    const old = await t.db.selectFrom('metric_compaction').select('compacted_seq').executeTakeFirstOrThrow();
    expect(Number(old.compacted_seq)).toBeGreaterThan(0);
    expect(Number(old.compacted_seq)).toBeLessThan(
      Number(
        (
          await t.db
            .selectFrom('readings')
            .select((eb) => eb.fn.max('seq').as('seq'))
            .executeTakeFirstOrThrow()
        ).seq,
      ),
    );

    await migrateToLatest(t.db);
    expect((await compactionMark(t.db)).days).toBe(0);
    const before = await readEverything();
    expect(before.readings).toBe(rows);
    // every value of every reading is charted
    expect(before.values).toBe(await valuesInRows());

    await compactAll();
    await purgeReadings(t.db, TEST_DIALECT);
    const mark = await compactionMark(t.db);
    expect(mark.days).toBe(mark.compacted);
    expect(await rowCount()).toBe(0);
    const stored = await t.db
      .selectFrom('reading_days')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(rows);

    const after = await readEverything();
    expect(after.readings).toBe(before.readings);
    expect(after.values).toBe(before.values);
    for (const key of Object.keys(before.out))
      expect(zeroSigned(after.out[key]), key).toEqual(zeroSigned(before.out[key]));
    expect(Object.keys(after.out)).toEqual(Object.keys(before.out));
  }, 180_000);
});

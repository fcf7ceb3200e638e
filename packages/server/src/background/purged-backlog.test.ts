import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/bus.ts';
import { compactionMark } from '../services/metrics/block-store.ts';
import { purgeReadings } from '../services/metrics/reading-purge.ts';
import { CERRO, createPiezometers, tokenFor, type TestDevices } from '../services/ingest/test-fixtures.ts';
import { at, eventsOf, ingest, pressureFor } from '../test-support/rules.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../test-support/test-app.ts';
import { startBackground } from './background.ts';

// The purge of readings kept in reading days (ADR 0048) keeps the rows of the evaluation backlog:
// a server started after one that stored readings and never evaluated them reads those rows (ADR 0015).
const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];

let t: TestApp;
let token: string;
let d: TestDevices;
beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(t, CERRO, { 'PZ-P1': 100 }, { metricLimits: LIMITS });
  token = await tokenFor(t, 'admin', d.projectId);
});
afterAll(() => t.close());

const reachedAt = async () =>
  (await eventsOf(t, token, d.ids['PZ-P1']))
    .filter((e) => e.type === 'metric_limit_reached')
    .map((e) => e.context.read_at);
const backlog = () => t.db.selectFrom('evaluation_backlog').selectAll().execute();
const rowSeqs = async () => (await t.db.selectFrom('readings').select('seq').execute()).map((r) => Number(r.seq));

describe('a backlog not evaluated when the engine stops', () => {
  it('keeps its rows through compaction and purge, and is evaluated by the next engine; then they go', async () => {
    await ingest(t, token, [{ eid: 'PZ-P1', read_at: at(19), raw_metrics: { pressure: pressureFor(110) } }]);
    // The app's engine stops taking readings, as a server that stops right after storing them.
    await t.app.rulesEngine!.stop();
    await ingest(t, token, [{ eid: 'PZ-P1', read_at: at(20), raw_metrics: { pressure: pressureFor(116) } }]);
    const [batch] = await backlog();
    expect(batch).toBeDefined();

    await t.app.compactor!.run();
    await purgeReadings(t.db, TEST_DIALECT);
    // both readings are in reading days: only the backlog keeps the second's row
    expect((await compactionMark(t.db)).days).toBeGreaterThanOrEqual(Number(batch!.first_seq));
    expect(await rowSeqs()).toEqual([Number(batch!.first_seq)]);

    const bus = createInProcessBus((error) => {
      throw error;
    });
    const next = await startBackground(
      {
        database: { databaseUrl: t.app.config.DATABASE_URL, dataDir: t.dataDir },
        rulesTickSeconds: 60,
        compaction: false,
      },
      { bus, log: t.app.log },
    );
    try {
      await next.rulesEngine!.idle();
      if (TEST_DIALECT === 'postgres') {
        // another instance's fresh batch is left to it for five minutes
        await t.db
          .updateTable('evaluation_backlog')
          .set({ received_at: new Date(Date.now() - 6 * 60_000).toISOString() })
          .execute();
        await next.rulesEngine!.tick();
        await next.rulesEngine!.idle();
      }
      expect(await reachedAt()).toEqual([at(20)]);
      expect(await backlog()).toEqual([]);
    } finally {
      await next.close();
    }
    await purgeReadings(t.db, TEST_DIALECT);
    expect(await rowSeqs()).toEqual([]);
  });
});

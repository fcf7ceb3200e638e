import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInProcessBus, type BusEvents } from '../bus/bus.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../test-support/test-app.ts';
import { at, eventsOf, ingest, pressureFor } from '../test-support/rules.ts';
import { CERRO, createPiezometers, tokenFor, type TestDevices } from '../services/ingest/test-fixtures.ts';
import { startBackground } from './background.ts';

// Readings handed to a worker that stops before evaluating them reach the worker started after it;
// readings a server stored and never evaluated are evaluated by the next server (ADR 0015).
const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];

let t: TestApp;
let token: string;
let d: TestDevices;
beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(
    t,
    CERRO,
    { 'PZ-W1': 100, 'PZ-W2': 100, 'PZ-W3': 100, 'PZ-W4': 100 },
    { metricLimits: LIMITS },
  );
  token = await tokenFor(t, 'admin', d.projectId);
});
afterAll(() => t.close());

const reachedAt = async (eid: string) =>
  (await eventsOf(t, token, d.ids[eid])).filter((e) => e.type === 'metric_limit_reached').map((e) => e.context.read_at);
const backlog = () => t.db.selectFrom('evaluation_backlog').selectAll().execute();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Another background worker on the test app's database, with a bus of its own that the app's worker does not see. */
async function startAnother() {
  const bus = createInProcessBus((error) => {
    throw error;
  });
  const background = await startBackground(
    {
      database: { databaseUrl: t.app.config.DATABASE_URL, dataDir: t.dataDir },
      rulesTickSeconds: 60,
      compaction: false,
    },
    { bus, log: t.app.log },
  );
  return { bus, background };
}

const beyondLimit = (entityId: string, minutes: number): BusEvents['readings.stored'] => ({
  projectId: d.projectId,
  readings: [
    {
      entityId,
      dataPointId: '',
      readAt: at(minutes),
      t: Date.parse(at(minutes)),
      receivedAt: new Date().toISOString(),
      metrics: {
        raw_metrics: { pressure: pressureFor(116) },
        calculated_metrics: { piezometric_level: 116 },
        context_metrics: {},
        invalid_metrics: {},
      },
    },
  ],
});

describe('readings not evaluated when the engine stops', () => {
  it('are posted again, before anything newer, to the worker started after one that stopped', async () => {
    const errors = vi.spyOn(t.app.log, 'error');
    const { bus, background } = await startAnother();
    try {
      const first = await background.thread();
      bus.publish('readings.stored', beyondLimit(d.ids['PZ-W1']!, 10));
      // Ends the thread before the readings reach it: they are posted on a later microtask.
      await first.terminate();
      await vi.waitFor(() =>
        expect(errors).toHaveBeenCalledWith({ code: 1 }, 'background worker stopped: starting it again'),
      );
      await background.rulesEngine!.idle();
      expect(await reachedAt('PZ-W1')).toEqual([at(10)]);
    } finally {
      await background.close();
    }
  });

  it('are evaluated by the next engine from the backlog noted with them: at its start on SQLite, once presumed orphaned on PostgreSQL', async () => {
    const beyond = { eid: 'PZ-W2', read_at: at(20), raw_metrics: { pressure: pressureFor(116) } };
    await ingest(t, token, [{ ...beyond, read_at: at(19), raw_metrics: { pressure: pressureFor(110) } }]);
    expect(await backlog()).toEqual([]);

    // The app's engine stops taking readings, as a server that stops right after storing them.
    await t.app.rulesEngine!.stop();
    await ingest(t, token, [beyond]);
    expect(await backlog()).toEqual([
      expect.objectContaining({ project_id: d.projectId, owner: t.app.rulesEngine!.instanceId, seqs: null }),
    ]);
    expect(await reachedAt('PZ-W2')).toEqual([]);

    const { background } = await startAnother();
    try {
      await background.rulesEngine!.idle();
      if (TEST_DIALECT === 'postgres') {
        // Another instance's fresh batch may still be in its hands: it is left to it for five minutes.
        expect(await reachedAt('PZ-W2')).toEqual([]);
        await t.db
          .updateTable('evaluation_backlog')
          .set({ received_at: minutesAgo(6) })
          .execute();
        await background.rulesEngine!.tick();
        await background.rulesEngine!.idle();
      }
      expect(await reachedAt('PZ-W2')).toEqual([at(20)]);
      expect(await backlog()).toEqual([]);
    } finally {
      await background.close();
    }
  });

  it("evaluate only the batch's own readings when its seqs are listed (concurrent batches on PostgreSQL)", async () => {
    const beyond = (eid: string) => ({ eid, read_at: at(30), raw_metrics: { pressure: pressureFor(116) } });
    await ingest(t, token, [beyond('PZ-W3'), beyond('PZ-W4')]); // the app's engine is stopped (above)
    const [row] = await backlog();
    const own = await t.db
      .selectFrom('readings')
      .select('seq')
      .where('entity_id', '=', d.ids['PZ-W3']!)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('evaluation_backlog')
      .set({ seqs: JSON.stringify([Number(own.seq)]), owner: 'a stopped engine', received_at: minutesAgo(6) })
      .where('id', '=', row!.id)
      .execute();

    const { background } = await startAnother();
    try {
      await background.rulesEngine!.idle();
      expect(await reachedAt('PZ-W3')).toEqual([at(30)]);
      expect(await reachedAt('PZ-W4')).toEqual([]);
      expect(await backlog()).toEqual([]);
    } finally {
      await background.close();
    }
  });
});

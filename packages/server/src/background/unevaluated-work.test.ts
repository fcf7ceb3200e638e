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
  d = await createPiezometers(t, CERRO, { 'PZ-W1': 100, 'PZ-W2': 100 }, { metricLimits: LIMITS });
  token = await tokenFor(t, 'admin', d.projectId);
});
afterAll(() => t.close());

const reachedAt = async (eid: string) =>
  (await eventsOf(t, token, d.ids[eid])).filter((e) => e.type === 'metric_limit_reached').map((e) => e.context.read_at);
const backlog = () => t.db.selectFrom('evaluation_backlog').selectAll().execute();

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

  it.skipIf(TEST_DIALECT === 'postgres')(
    'are evaluated when the server starts again, from the backlog noted with them (SQLite)',
    async () => {
      const beyond = { eid: 'PZ-W2', read_at: at(20), raw_metrics: { pressure: pressureFor(116) } };
      await ingest(t, token, [{ ...beyond, read_at: at(19), raw_metrics: { pressure: pressureFor(110) } }]);
      expect(await backlog()).toEqual([]);

      // The app's engine stops taking readings, as a server that stops right after storing them.
      await t.app.rulesEngine!.stop();
      await ingest(t, token, [beyond]);
      expect(await backlog()).toEqual([expect.objectContaining({ project_id: d.projectId })]);
      expect(await reachedAt('PZ-W2')).toEqual([]);

      const { background } = await startAnother();
      try {
        await background.rulesEngine!.idle();
        expect(await reachedAt('PZ-W2')).toEqual([at(20)]);
        expect(await backlog()).toEqual([]);
      } finally {
        await background.close();
      }
    },
  );
});

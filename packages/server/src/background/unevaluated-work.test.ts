import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInProcessBus, type BusEvents } from '../bus/bus.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { at, eventsOf, pressureFor } from '../test-support/rules.ts';
import { CERRO, createPiezometers, tokenFor, type TestDevices } from '../services/ingest/test-fixtures.ts';
import { startBackground } from './background.ts';

// Readings handed to a worker that stops before evaluating them reach the worker started after it.
const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];

let t: TestApp;
let token: string;
let d: TestDevices;
beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(t, CERRO, { 'PZ-W1': 100 }, { metricLimits: LIMITS });
  token = await tokenFor(t, 'admin', d.projectId);
});
afterAll(() => t.close());

const beyondLimit = (entityId: string): BusEvents['readings.stored'] => ({
  projectId: d.projectId,
  readings: [
    {
      entityId,
      dataPointId: '',
      readAt: at(10),
      t: Date.parse(at(10)),
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

describe('work with a background worker that stops', () => {
  it('is posted again, before anything newer, to the worker started after it', async () => {
    // A bus of its own: the test app's worker must not see these readings.
    const bus = createInProcessBus((error) => {
      throw error;
    });
    const errors = vi.spyOn(t.app.log, 'error');
    const background = await startBackground(
      {
        database: { databaseUrl: t.app.config.DATABASE_URL, dataDir: t.dataDir },
        rulesTickSeconds: 60,
        compaction: false,
      },
      { bus, log: t.app.log },
    );
    try {
      const first = await background.thread();
      bus.publish('readings.stored', beyondLimit(d.ids['PZ-W1']!));
      // Ends the thread before the readings reach it: they are posted on a later microtask.
      await first.terminate();
      await vi.waitFor(() =>
        expect(errors).toHaveBeenCalledWith({ code: 1 }, 'background worker stopped: starting it again'),
      );
      await background.rulesEngine!.idle();
      const reached = (await eventsOf(t, token, d.ids['PZ-W1'])).filter((e) => e.type === 'metric_limit_reached');
      expect(reached.map((e) => e.context.read_at)).toEqual([at(10)]);
    } finally {
      await background.close();
    }
  });
});

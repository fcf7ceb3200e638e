import { NOTIFICATION_TYPES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { seedHistory } from './history.ts';
import { INCIDENT_CYCLE_MS } from './incidents.ts';
import { createSimulator } from './simulator.ts';

const MINUTE = 60_000;
let t: TestApp;

beforeAll(async () => {
  // The engine's own tick judges silence by the wall clock, while the simulated cycle runs in the
  // past: on a busy machine (a slow loop) a tick would find every device silent mid-cycle. The test
  // ticks itself, at the end.
  t = await createTestApp({ env: { RULES_TICK_SECONDS: '86400' } });
});
afterAll(() => t.close());

describe('the demo site', () => {
  // Trend episodes come from the signals' own noise (Nelson's rules on period means), not from the
  // script: one run of three of the loaded full suite on PostgreSQL (2026-12-06) saw none in its hour,
  // while seventeen runs alone, at starts hours apart, all did. Tried again rather than scripted into
  // the demo, whose visitors would get a trend notification every hour; to be understood.
  it(
    'raises every notification type within one incident cycle of the simulator',
    { timeout: 60_000, retry: 2 },
    async () => {
      // The simulator started one cycle ago, after two days of history (the statistics' baseline).
      const origin = Date.now() - INCIDENT_CYCLE_MS;
      await seedHistory(t.app, { now: origin, days: 2 });
      const simulator = createSimulator(t.app, { origin });
      for (let now = origin + 5_000; now < origin + INCIDENT_CYCLE_MS; now += MINUTE) {
        await simulator.round(now);
        await t.app.rulesEngine!.idle();
      }
      // The silent logger was noticed by the engine's tick while it was silent.
      await t.app.rulesEngine!.tick(new Date(Date.now() + 20 * MINUTE));

      const types = await t.db.selectFrom('notifications').select('notification_type').distinct().execute();
      expect(types.map((r) => r.notification_type).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    },
  );
});

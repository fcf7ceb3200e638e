import type { ReadingChecks } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../services/ingest/test-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { seedHistory } from './history.ts';
import { seedDemoJournal } from './seed-journal.ts';
import { DEMO_PROJECTS } from './site.ts';
import { storedReadingsOf } from '../test-support/stored-readings.ts';

const DAY_MS = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // as on a first start: the journal and its hand round first, then the history in the background
  await seedDemoJournal(t.app);
  await seedHistory(t.app, { days: 12 });
}, 120_000);
afterAll(() => t.close());

describe.each(DEMO_PROJECTS.map((p) => [p.name, p.slug] as const))('the demo hand round of %s', (name) => {
  async function roundChecks() {
    const project = await t.db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    const token = await tokenFor(t, 'operator', project.id);
    const session = await t.db
      .selectFrom('data_sessions')
      .select('id')
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    const res = await t.call('GET', `/ingest/api/v1/manual-readings/checks?data_session=${session.id}`, { token });
    expect(res.status).toBe(200);
    return { projectId: project.id, checks: res.body as ReadingChecks };
  }

  it('agrees with each logger within 0.1 m, a few centimetres off as a readout is', async () => {
    const { checks } = await roundChecks();
    expect(checks.objects).toHaveLength(3);
    for (const check of checks.objects) {
      expect(check.logger_read_at, check.read_at).not.toBeNull();
      expect(Math.abs(Date.parse(check.logger_read_at!) - Date.parse(check.read_at))).toBeLessThanOrEqual(30 * 60_000);
      const level = check.metrics.find((m) => m.metric === 'piezometric_level');
      expect(level, check.read_at).toBeDefined();
      expect(Math.abs(level!.difference)).toBeLessThan(0.1);
      expect(Math.abs(level!.difference)).toBeGreaterThan(0.005);
    }
  });

  it('does not cut the history of the devices read by hand short', async () => {
    const { checks, projectId } = await roundChecks();
    for (const check of checks.objects) {
      const [first] = await storedReadingsOf(t.db, check.monitored_entity_id);
      expect(first!.project_id).toBe(projectId);
      expect(Date.parse(first!.read_at)).toBeLessThan(Date.now() - 11 * DAY_MS);
    }
  });
});

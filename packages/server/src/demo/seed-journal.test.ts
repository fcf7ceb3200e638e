import type { DataSession, JournalEntry, ManualReading } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { tokenFor } from '../services/ingest/test-fixtures.ts';
import { seedDemoJournal } from './seed-journal.ts';
import { seedDemoMedia } from './seed-media.ts';
import { DEMO_PROJECTS } from './site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMedia(t.app);
  await seedDemoJournal(t.app);
});
afterAll(() => t.close());

describe.each(DEMO_PROJECTS.map((p) => [p.name]))('the demo journal of %s', (name) => {
  let token: string;
  beforeAll(async () => {
    const project = await t.db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    token = await tokenFor(t, 'operator', project.id);
  });

  it('has site inspections and events, the inspection report attached to the routine inspection', async () => {
    const journals = await t.call('GET', '/inmt-journal/api/v1/journals/', { token });
    expect(journals.body.objects.map((j: { title: string }) => j.title).sort()).toEqual(['Events', 'Site inspections']);
    const entries = (await t.call('GET', '/inmt-journal/api/v1/journal-entries/', { token })).body
      .objects as JournalEntry[];
    expect(entries).toHaveLength(4);
    const routine = entries.find((e) => e.title === 'Monthly routine inspection')!;
    expect(routine.attachments).toHaveLength(1);
    const report = await t.call('GET', `/media/api/v1/files/${routine.attachments[0]}/`, { token });
    expect(report.body.original_filename).toBe('inspection-report.pdf');
  });

  it('has a submitted round of three manual readings, stored as manual readings by the operator', async () => {
    const sessions = (await t.call('GET', '/inmt-journal/api/v1/data-sessions/', { token })).body
      .objects as DataSession[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ status: 'submitted', readings_count: 3, author: 'operator' });
    const readings = (await t.call('GET', `/ingest/api/v1/manual-readings?data_session=${sessions[0]!.id}`, { token }))
      .body.objects as ManualReading[];
    const stored = await t.call(
      'GET',
      `/metrics-provider/api/v1/metrics/?monitored_entity_ids=${readings.map((r) => r.monitored_entity_id).join(',')}`,
      { token },
    );
    expect(stored.body.objects.filter((r: { source: string }) => r.source === 'manual')).toHaveLength(3);
  });
});

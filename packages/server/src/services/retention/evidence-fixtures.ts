import { newId, toJson } from '../../db/values.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { INGEST } from '../ingest/test-fixtures.ts';
import type { Place } from './retention-fixtures.ts';

/**
 * Evidence of every kind as old as `at`: a reading (and its day block), a manual reading in a data
 * session, a journal entry and a calibration. Retention must never touch them.
 */
export async function insertOldEvidence(t: TestApp, token: string, place: Place & { eid: string }, at: string) {
  const res = await t.call('POST', INGEST, {
    token,
    body: { eid: place.eid, read_at: at, raw_metrics: { pressure: 101.3, temperature: 12 } },
  });
  if (res.status !== 200) throw new Error(`ingest failed: ${JSON.stringify(res.body)}`);
  await t.app.rulesEngine!.idle();
  await t.app.compactor!.run();

  const sessionId = newId();
  await t.db
    .insertInto('data_sessions')
    .values({
      id: sessionId,
      project_id: place.projectId,
      title: 'Round',
      started_at: at,
      ended_at: at,
      author: null,
      status: 'submitted',
    })
    .execute();
  await t.db
    .insertInto('manual_readings')
    .values({
      id: newId(),
      project_id: place.projectId,
      data_session_id: sessionId,
      entity_id: place.entityId,
      data_point_id: '',
      read_at: at,
      raw_metrics: toJson({ pressure: 99 }),
      entered_by: null,
      entered_at: at,
      corrected_by: null,
      corrected_at: null,
    })
    .execute();

  const journalId = newId();
  await t.db
    .insertInto('journals')
    .values({
      id: journalId,
      project_id: place.projectId,
      title: 'Site',
      description: '',
      created_at: at,
      created_by: null,
      updated_at: at,
    })
    .execute();
  await t.db
    .insertInto('journal_entries')
    .values({
      id: newId(),
      project_id: place.projectId,
      journal_id: journalId,
      title: 'Inspection',
      text: 'Seepage at the toe',
      occurred_at: at,
      author: null,
      tags: '[]',
      monitored_entity_ids: toJson([place.entityId]),
      attachments: '[]',
      created_at: at,
      updated_at: at,
      updated_by: null,
    })
    .execute();

  await t.db
    .insertInto('calibrations')
    .values({
      id: newId(),
      project_id: place.projectId,
      entity_id: place.entityId,
      effective_from: at,
      factors: toJson({ G: 1 }),
      serial_number: 'VW-1',
      certificate_file_id: null,
      notes: '',
      created_at: at,
      created_by: null,
    })
    .execute();
}

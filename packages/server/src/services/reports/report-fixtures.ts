import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { AlarmsTable } from '../../db/schema.ts';
import { newId } from '../../db/values.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, INGEST, tokenFor } from '../ingest/test-fixtures.ts';

export { CERRO };

export const templatesUrl = (projectId: string, id = '') =>
  `/ui/api/v1/projects/${projectId}/report-templates${id ? `/${id}` : ''}`;
export const reportsUrl = (projectId: string, id = '', tail = '') =>
  `/ui/api/v1/projects/${projectId}/reports${id ? `/${id}` : ''}${tail}`;

/** An alarm as the alarms service stores it, raised once at `raisedAt` and not acknowledged; `fields` set the rest. */
export function alarmRow(
  projectId: string,
  entityId: string,
  raisedAt: string,
  fields: Partial<Insertable<AlarmsTable>> = {},
): Insertable<AlarmsTable> {
  return {
    id: newId(),
    project_id: projectId,
    entity_key: entityId,
    entity_id: entityId,
    source: 'metric_limits',
    state: 'active_unacknowledged',
    level: 'critical',
    colour: 'red',
    occurrence_count: 1,
    first_raised_at: raisedAt,
    last_raised_at: raisedAt,
    cleared_at: null,
    acknowledged_by: null,
    acknowledged_at: null,
    ack_comment: null,
    shelved_by: null,
    shelved_at: null,
    shelved_until: null,
    shelve_reason: null,
    suppressed: null,
    tarp_level: null,
    ack_deadline: null,
    escalated_at: null,
    checklist_done: '[]',
    last_event_id: null,
    text: 'Pressure reached its critical upper limit',
    ...fields,
  };
}

/** The crafted day of readings: 2026-10-01 UTC. */
export const DAY = { from: '2026-10-01T00:00:00.000Z', to: '2026-10-02T00:00:00.000Z' };
export const SLA_SECONDS = 600;

/**
 * Two piezometers with a 10-minute SLA and limits on pressure: RPT-PZ-1 reads every 10 minutes on
 * 2026-10-01 but is silent from 06:00 to 09:00 (127 of 144 readings), RPT-PZ-2 never reads.
 */
export async function craftedSite(t: TestApp) {
  const devices = await createPiezometers(
    t,
    CERRO,
    { 'RPT-PZ-1': 400, 'RPT-PZ-2': 410 },
    {
      contractedSlaTime: SLA_SECONDS,
      metricLimits: [
        { group: 'raw_metrics', metric: 'pressure', level: 'warning', bound: 'upper', value: 150 },
        { group: 'raw_metrics', metric: 'pressure', level: 'critical', bound: 'upper', value: 200 },
      ],
    },
  );
  const admin = await tokenFor(t, 'admin', devices.projectId);
  const manager = await tokenFor(t, 'manager', devices.projectId);
  const operator = await tokenFor(t, 'operator', devices.projectId);
  const start = Date.parse(DAY.from);
  const payloads = [];
  for (let i = 0; i < 144; i++) {
    const minutes = i * 10;
    if (minutes > 360 && minutes < 540) continue; // silent after 06:00 until 09:00
    payloads.push({
      eid: 'RPT-PZ-1',
      read_at: new Date(start + minutes * 60_000).toISOString(),
      // a peak at 12:00 that an average would hide
      raw_metrics: { pressure: minutes === 720 ? 190 : 100 + (i % 7), temperature: 12 },
    });
  }
  const sent = await t.call('POST', INGEST, { token: admin, body: payloads });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(sent.body.accepted).toBe(127);

  // A dip meter read by hand (no SLA), and the engineer's journal of the day.
  const manual = await createPiezometers(t, CERRO, { 'RPT-DIP-1': 395 }, { contractedSlaTime: 0 });
  const session = await t.call('POST', '/inmt-journal/api/v1/data-sessions', {
    token: operator,
    body: { title: 'Monthly dips' },
  });
  const dip = await t.call('POST', INGEST, {
    token: operator,
    body: {
      eid: 'RPT-DIP-1',
      read_at: '2026-10-01T11:05:00.000Z',
      raw_metrics: { pressure: 104.5, temperature: 11 },
      source: 'manual',
      data_session: session.body.id,
    },
  });
  expect(dip.status, JSON.stringify(dip.body)).toBe(200);
  const journal = await t.call('POST', '/inmt-journal/api/v1/journals', {
    token: manager,
    body: { title: 'Site diary' },
  });
  const entry = await t.call('POST', '/inmt-journal/api/v1/journal-entries', {
    token: manager,
    body: {
      journal: journal.body.id,
      title: 'Toe drain inspected',
      text: 'Clear flow, no fines.',
      occurred_at: '2026-10-01T10:15:00.000Z',
      monitored_entity_ids: [devices.ids['RPT-PZ-1']],
    },
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  const met = await t.db
    .selectFrom('monitored_entities')
    .select('id')
    .where('project_id', '=', devices.projectId)
    .where('eid', '=', 'MET-01')
    .executeTakeFirstOrThrow();
  return {
    ...devices,
    ids: { ...devices.ids, ...manual.ids, 'MET-01': met.id } as Record<string, string>,
    admin,
    manager,
    operator,
  };
}

/** A template body of every section kind the first version draws (the weather's when a station is given). */
export function fullTemplate(pz1: string, overrides: Record<string, unknown> = {}, station?: string) {
  return {
    name: 'Monthly instrumentation report',
    period: 'month',
    recipients: ['engineer@example.com'],
    sections: [
      { kind: 'site_summary' },
      { kind: 'data_completeness' },
      { kind: 'alarms' },
      {
        kind: 'charts',
        charts: [
          {
            title: 'Pore pressure RPT-PZ-1',
            series: [{ entity_id: pz1, entity_type: 'instrument', metric: 'raw_metrics.pressure' }],
          },
        ],
      },
      { kind: 'manual_readings_and_journal' },
      ...(station ? [{ kind: 'weather', device_id: station }] : []),
      { kind: 'free_text', title: 'Engineer’s observations', text: 'Pressures steady; the 12:00 peak was checked.' },
    ],
    ...overrides,
  };
}

/** The report once it is done or failed. */
export async function finishedReport(t: TestApp, token: string, projectId: string, id: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call('GET', reportsUrl(projectId, id), { token });
    if (res.status !== 200) throw new Error(`GET report answered ${res.status}`);
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    if (Date.now() > until) throw new Error(`report ${id} still ${res.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

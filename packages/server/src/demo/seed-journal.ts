import type { FastifyInstance } from 'fastify';
import { newId, nowIso, toJson } from '../db/values.ts';
import { ingestPayloads } from '../services/ingest/pipeline.ts';
import { handReadings } from './hand-readings.ts';
import { DEMO_PROJECTS } from './site.ts';

const DAY_MS = 86_400_000;

/** An instant `days` ago at an odd second, so that it never meets a reading of the demo's history. */
const daysAgo = (days: number, hour = 9) => {
  const at = new Date(Date.now() - days * DAY_MS);
  at.setUTCHours(hour, 17, 43, 0);
  return at.toISOString();
};

interface DemoEntry {
  journal: 'inspections' | 'events';
  title: string;
  text: string;
  daysAgo: number;
  author: string;
  tags: string[];
  devices: string[];
  attachReport?: boolean;
}

const ENTRIES: DemoEntry[] = [
  {
    journal: 'inspections',
    title: 'Monthly routine inspection',
    text: 'Crest, slopes and toe walked end to end. No cracking, slumping or new seepage. Toe drain clear at about 0.4 L/s. Report attached.',
    daysAgo: 9,
    author: 'manager',
    tags: ['inspection', 'routine'],
    devices: ['PZ-01'],
    attachReport: true,
  },
  {
    journal: 'inspections',
    // Vibrating-wire piezometers are checked with a hand-held readout at the terminal box (ADR 0042).
    title: 'Readout check of PZ-02 to PZ-04',
    text: 'Readings taken at PZ-02 to PZ-04 with the hand-held vibrating-wire readout at the terminal boxes, to check the logger channels against them.',
    daysAgo: 3,
    author: 'operator',
    tags: ['piezometer', 'manual readings'],
    devices: ['PZ-02', 'PZ-03', 'PZ-04'],
  },
  {
    journal: 'events',
    title: 'Heavy rain overnight',
    text: 'Rain gauge recorded a storm overnight. Piezometric levels to be watched for the next 48 hours.',
    daysAgo: 5,
    author: 'operator',
    tags: ['rainfall', 'watch'],
    devices: [],
  },
  {
    journal: 'events',
    title: 'Logger battery replaced',
    text: 'Battery of the Section A logger replaced during the site visit; readings resumed at once.',
    daysAgo: 12,
    author: 'operator',
    tags: ['maintenance'],
    devices: ['DL-01'],
  },
];

/**
 * The demo's journals (site inspections, events) with a few entries, and one submitted field round of
 * manual readings entered through the ingest pipeline, as a technician would have done three days ago.
 */
export async function seedDemoJournal(app: FastifyInstance): Promise<void> {
  const { db } = app;
  for (const project of DEMO_PROJECTS) {
    const row = await db.selectFrom('projects').select('id').where('name', '=', project.name).executeTakeFirst();
    if (!row) continue;
    const projectId = row.id;
    const devices = new Map(
      (
        await db.selectFrom('monitored_entities').select(['id', 'eid']).where('project_id', '=', projectId).execute()
      ).map((d) => [d.eid, d]),
    );
    const report = await db
      .selectFrom('media_files')
      .select('id')
      .where('project_id', '=', projectId)
      .where('original_filename', '=', 'inspection-report.pdf')
      .executeTakeFirst();
    const now = nowIso();
    const journals = { inspections: newId(), events: newId() };
    await db
      .insertInto('journals')
      .values([
        {
          id: journals.inspections,
          project_id: projectId,
          title: 'Site inspections',
          description: 'Routine and special inspections of the embankment',
          created_at: now,
          created_by: 'manager',
          updated_at: now,
        },
        {
          id: journals.events,
          project_id: projectId,
          title: 'Events',
          description: 'Weather, maintenance and anything else that explains the readings',
          created_at: now,
          created_by: 'manager',
          updated_at: now,
        },
      ])
      .execute();
    for (const entry of ENTRIES) {
      const id = newId();
      const occurredAt = daysAgo(entry.daysAgo);
      const deviceIds = entry.devices.flatMap((eid) => (devices.get(eid) ? [devices.get(eid)!.id] : []));
      const attachments = entry.attachReport && report ? [report.id] : [];
      const values = {
        title: entry.title,
        text: entry.text,
        occurred_at: occurredAt,
        tags: entry.tags,
        monitored_entity_ids: deviceIds,
        attachments,
      };
      await db
        .insertInto('journal_entries')
        .values({
          id,
          project_id: projectId,
          journal_id: journals[entry.journal],
          ...values,
          tags: toJson(entry.tags),
          monitored_entity_ids: toJson(deviceIds),
          attachments: toJson(attachments),
          author: entry.author,
          created_at: occurredAt,
          updated_at: occurredAt,
          updated_by: entry.author,
        })
        .execute();
      await db
        .insertInto('journal_entry_history')
        .values({
          id: newId(),
          entry_id: id,
          action: 'created',
          at: occurredAt,
          user_name: entry.author,
          changes: toJson(Object.entries(values).map(([field, value]) => ({ field, old: null, new: value }))),
        })
        .execute();
    }

    // The hand round of three days ago (or the day before, if a logger was down then): each reading a
    // few centimetres from its logger's level at the same time, as on a sound site.
    const eids = ['PZ-02', 'PZ-03', 'PZ-04'].filter((eid) => devices.has(eid));
    if (eids.length === 0) continue;
    let day = 3;
    let round = await handReadings(app, projectId, eids, Date.parse(daysAgo(day)));
    while (!round && day < 10) round = await handReadings(app, projectId, eids, Date.parse(daysAgo(++day)));
    if (!round) continue;
    const sessionId = newId();
    await db
      .insertInto('data_sessions')
      .values({
        id: sessionId,
        project_id: projectId,
        title: 'Readout round, PZ-02 to PZ-04',
        started_at: daysAgo(day),
        ended_at: daysAgo(day, 10),
        author: 'operator',
        status: 'open',
      })
      .execute();
    await ingestPayloads(
      app,
      projectId,
      round.map((r) => ({ ...r, source: 'manual', data_session: sessionId })),
      'history',
      { enteredBy: 'operator' },
    );
    await db.updateTable('data_sessions').set({ status: 'submitted' }).where('id', '=', sessionId).execute();
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection.ts';
import { newId, toJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMediaStorage } from '../media/storage/media-storage.ts';
import { alarmSection } from './alarm-section.ts';
import { completenessSection } from './completeness-section.ts';
import { alarmRow, craftedSite, DAY, fullTemplate } from './report-fixtures.ts';
import { makeReport } from './report-generation.ts';
import { loadReportDevices } from './report-devices.ts';
import { emailReport } from './report-schedule.ts';
import { reportStore, type ReportRow } from './report-store.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof craftedSite>>;
beforeAll(async () => {
  t = await createTestApp();
  site = await craftedSite(t);
}, 60_000);
afterAll(() => t.close());

const at = (hhmm: string) => `2026-10-01T${hhmm}:00.000Z`;

describe('the data completeness section', () => {
  it('counts 144 readings expected of a 10-minute SLA over a day, 127 received, and the 06:00–09:00 gap', async () => {
    const devices = await loadReportDevices(t.db, site.projectId);
    const rows = await completenessSection(
      t.db,
      t.app.dialect,
      site.projectId,
      devices,
      null,
      Date.parse(DAY.from),
      Date.parse(DAY.to),
    );
    const pz1 = rows.find((r) => r.device.eid === 'RPT-PZ-1')!;
    expect(pz1).toMatchObject({
      expected: 144,
      received: 127,
      gaps: [{ from: at('06:00'), to: at('09:00'), seconds: 10_800 }],
    });
    expect(pz1.percent).toBeCloseTo((127 / 144) * 100, 6);
    const pz2 = rows.find((r) => r.device.eid === 'RPT-PZ-2')!;
    expect(pz2).toMatchObject({
      expected: 144,
      received: 0,
      percent: 0,
      gaps: [{ from: DAY.from, to: DAY.to, seconds: 86_400 }],
    });
  });

  it('counts over part of a day: 05:00 to 10:00 expects 30 and received 13', async () => {
    const devices = await loadReportDevices(t.db, site.projectId);
    const rows = await completenessSection(
      t.db,
      t.app.dialect,
      site.projectId,
      devices,
      null,
      Date.parse(at('05:00')),
      Date.parse(at('10:00')),
    );
    expect(rows.find((r) => r.device.eid === 'RPT-PZ-1')).toMatchObject({
      expected: 30,
      received: 13,
      gaps: [{ from: at('06:00'), to: at('09:00') }],
    });
  });
});

describe('the alarms section', () => {
  it('lists each raise of the period with its acknowledgement, comments, time to acknowledge and TARP actions', async () => {
    const adminId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const alarm = (id: string, entityId: string, firstRaised: string) =>
      alarmRow(site.projectId, entityId, firstRaised, { id, occurrence_count: 2, tarp_level: 'TARP-2' });
    const inPeriod = newId();
    const before = newId();
    await t.db
      .insertInto('alarms')
      .values([
        alarm(inPeriod, site.ids['RPT-PZ-1']!, at('10:00')),
        alarm(before, site.ids['RPT-PZ-2']!, '2026-09-30T10:00:00.000Z'),
      ])
      .execute();
    const step = (
      alarmId: string,
      action: string,
      when: string,
      extra: { user?: boolean; comment?: string; details?: object } = {},
    ) => ({
      id: newId(),
      alarm_id: alarmId,
      project_id: site.projectId,
      action,
      at: when,
      user_id: extra.user ? adminId : null,
      comment: extra.comment ?? null,
      details: toJson(extra.details ?? {}),
    });
    await t.db
      .insertInto('alarm_history')
      .values([
        step(before, 'raised', '2026-09-30T10:00:00.000Z'),
        step(inPeriod, 'raised', at('10:00')),
        step(inPeriod, 'acknowledged', at('10:30'), { user: true, comment: 'Inspected the toe drain' }),
        step(inPeriod, 'checked', at('10:40'), { user: true, details: { index: 0, action: 'Inspect the toe' } }),
        step(inPeriod, 'checked', at('10:41'), { user: true, details: { index: 1, action: 'Call the EoR' } }),
        step(inPeriod, 'unchecked', at('10:42'), { user: true, details: { index: 1, action: 'Call the EoR' } }),
        step(inPeriod, 'cleared', at('12:00')),
        step(inPeriod, 'raised', at('20:00')),
      ])
      .execute();

    const section = await alarmSection(t.db, t.app.dialect, site.projectId, DAY.from, DAY.to);
    expect(section).toMatchObject({ raised: 2, acknowledged: 1, medianSecondsToAcknowledge: 1800 });
    expect(section.rows).toEqual([
      expect.objectContaining({
        alarmId: inPeriod,
        title: 'Piezometer RPT-PZ-1',
        level: 'critical',
        tarpLevel: 'TARP-2',
        raisedAt: at('10:00'),
        acknowledgedAt: at('10:30'),
        acknowledgedBy: 'admin',
        secondsToAcknowledge: 1800,
        comments: ['admin: Inspected the toe drain'],
        tarpActionsDone: ['Inspect the toe'],
        clearedAt: at('12:00'),
      }),
      expect.objectContaining({
        alarmId: inPeriod,
        raisedAt: at('20:00'),
        acknowledgedAt: null,
        secondsToAcknowledge: null,
        comments: [],
      }),
    ]);
  });
});

describe('a report that fails half-way', () => {
  const store = () => reportStore(t.db);
  const host = () => ({
    db: t.db,
    dialect: t.app.dialect,
    log: t.app.log,
    storage: createMediaStorage(t.app.config),
    webDist: t.app.config.WEB_DIST,
  });
  const files = async () =>
    (await t.db.selectFrom('media_files').select('id').where('project_id', '=', site.projectId).execute()).length;
  async function runningReport(name: string, device: string): Promise<ReportRow> {
    const row: ReportRow = {
      id: newId(),
      project_id: site.projectId,
      template_id: newId(),
      name,
      template: toJson({ ...fullTemplate(device), language: 'en-US', schedule: null }),
      range_from: DAY.from,
      range_to: DAY.to,
      status: 'running',
      progress: 0,
      error: null,
      pages: null,
      sha256: null,
      file_id: null,
      origin: 'manual',
      schedule_key: null,
      review_status: 'draft',
      created_at: DAY.to,
      created_by: 'manager',
      started_at: DAY.to,
      finished_at: null,
      heartbeat_at: DAY.to,
    };
    await store().insert(row);
    return row;
  }

  it('says failed with the reason and leaves no file', async () => {
    const row = await runningReport('Broken', newId());
    const before = await files();
    await makeReport(host(), store(), row);
    const failed = await store().findAnywhere(row.id);
    expect(failed).toMatchObject({ status: 'failed', file_id: null, sha256: null, pages: null });
    expect(failed?.error).toBe('sections.3.charts.0.series.0.entity_id: No such device in this project (deleted?)');
    expect(await files()).toBe(before);
  });

  it('is done with its e-mail or not at all: a failure after the e-mail was queued leaves neither, nor a file', async () => {
    const row = await runningReport('Unmailed', site.ids['RPT-PZ-1']!);
    const before = await files();
    const deliveries = async (db: Db) =>
      (await db.selectFrom('deliveries').select('id').where('report_id', '=', row.id).execute()).length;
    let queued = 0;
    await makeReport(host(), store(), row, async (trx, made) => {
      expect(made).toMatchObject({ id: row.id, status: 'done', progress: 100 });
      await emailReport(trx, made);
      queued = await deliveries(trx);
      throw new Error('the server stopped');
    });
    expect(queued).toBe(1);
    expect(await deliveries(t.db)).toBe(0);
    const failed = await store().findAnywhere(row.id);
    expect(failed).toMatchObject({ status: 'failed', file_id: null, sha256: null, pages: null });
    expect(failed?.error).toBe('The report could not be made: the server stopped');
    expect(await files()).toBe(before);
  }, 60_000);
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATIONS,
  callOutEnv,
  startSmtp,
  userId,
  verifiedContact,
} from '../../services/call-out/test-fixtures.ts';
import { CERRO, createPiezometers, tokenFor } from '../../services/ingest/test-fixtures.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { migrateToLatest, migrator } from '../migrate.ts';

/**
 * Migration 0030 (ADR 0051): a delivery belongs to an alarm or to a report. On SQLite the table is
 * made again to drop alarm_id's NOT NULL: every row, and every acknowledgement link referring to one,
 * must come through, both ways.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let alarmId: string;

beforeAll(async () => {
  smtp = await startSmtp({ refuse: (to) => to === 'refused@example.org' });
  t = await createTestApp({ env: callOutEnv(smtp.url, 'http://127.0.0.1:9') });
  const { projectId } = await createPiezometers(t, CERRO, {});
  const manager = await tokenFor(t, 'manager', projectId);
  await verifiedContact(t, 'operator', 'email', 'operator@example.org');
  await verifiedContact(t, 'operator', 'email', 'refused@example.org');
  const policy = await t.call('POST', `${NOTIFICATIONS}/escalation-policies`, {
    token: manager,
    body: {
      name: 'Red',
      tarp_level: 'red',
      steps: [{ after_minutes: 0, target: { user_id: await userId(t, 'operator') }, channels: ['email', 'sms'] }],
    },
  });
  const test = await t.call('POST', `${NOTIFICATIONS}/escalation-policies/${policy.body.id}/test`, { token: manager });
  alarmId = test.body.alarm_id;
  // one sent, one refused and queued again (each with its link), one failed (no sms contact)
  await t.app.callOut!.outbox.runOnce();
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const deliveries = () => t.db.selectFrom('deliveries').selectAll().orderBy('id').execute();
const links = () => t.db.selectFrom('ack_tokens').selectAll().orderBy('id').execute();

async function indexes(): Promise<string[]> {
  const { rows } =
    TEST_DIALECT === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'deliveries'`.execute(t.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'deliveries' and name not like 'sqlite_%'`.execute(t.db);
  // the named ones: the primary key's and dedupe_key's own are named by each database its way
  return rows
    .map((r) => r.name)
    .filter((name) => ['deliveries_alarm', 'deliveries_queue', 'deliveries_report'].includes(name))
    .sort();
}

/** A delivery of no alarm and no report, or of `owner`. */
const orphan = (id: string, owner: Record<string, string> = {}) =>
  t.db
    .insertInto('deliveries')
    .values({
      id,
      alarm_id: null,
      report_id: null,
      message: null,
      project_id: 'none',
      episode: 0,
      round: 0,
      step: 0,
      channel: 'email',
      user_id: null,
      contact_id: null,
      address: 'x@example.org',
      dedupe_key: id,
      status: 'queued',
      attempts: 0,
      next_attempt_at: '2027-01-01T00:00:00Z',
      claimed_by: null,
      claimed_until: null,
      created_at: '2027-01-01T00:00:00Z',
      sent_at: null,
      error: null,
      ...owner,
    })
    .execute();

describe('migration 0030-report-deliveries', () => {
  it('keeps every delivery and acknowledgement link down to 0029 and up again', async () => {
    const before = await deliveries();
    expect(before.map((d) => d.status).sort()).toEqual(['failed', 'queued', 'sent']);
    const linksBefore = await links();
    expect(linksBefore).toHaveLength(2);
    expect(await indexes()).toEqual(['deliveries_alarm', 'deliveries_queue', 'deliveries_report']);

    const { error } = await (await migrator(t.db)).migrateTo('0029-reports-module');
    expect(error).toBeUndefined();
    expect(await deliveries()).toEqual(before.map(({ report_id: _r, message: _m, ...rest }) => rest));
    expect(await links()).toEqual(linksBefore);
    expect(await indexes()).toEqual(['deliveries_alarm', 'deliveries_queue']);

    await migrateToLatest(t.db);
    expect(await deliveries()).toEqual(before);
    expect(await links()).toEqual(linksBefore);
    expect(await indexes()).toEqual(['deliveries_alarm', 'deliveries_queue', 'deliveries_report']);
  });

  it('lets a delivery belong to a report, and refuses one of neither or both', async () => {
    const { id: projectId } = await t.db.selectFrom('projects').select('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('reports')
      .values({
        id: 'a-report',
        project_id: projectId,
        template_id: 'a-template',
        name: 'Monthly',
        template: '{}',
        range_from: '2026-12-01T00:00:00Z',
        range_to: '2027-01-01T00:00:00Z',
        status: 'done',
        progress: 100,
        error: null,
        pages: 1,
        sha256: null,
        file_id: null,
        origin: 'schedule',
        schedule_key: null,
        review_status: 'draft',
        created_at: '2027-01-02T00:00:00Z',
        created_by: null,
        started_at: null,
        finished_at: null,
        heartbeat_at: null,
      })
      .execute();
    await orphan('of-a-report', { report_id: 'a-report', project_id: projectId });
    // dedupe_key is still unique
    await expect(
      orphan('again', { report_id: 'a-report', project_id: projectId, dedupe_key: 'of-a-report' }),
    ).rejects.toThrow();
    await expect(orphan('of-nothing', { project_id: projectId })).rejects.toThrow();
    await expect(
      orphan('of-both', { report_id: 'a-report', alarm_id: alarmId, project_id: projectId }),
    ).rejects.toThrow();
  });

  it('still deletes a delivery’s links with it, and an alarm’s or a report’s deliveries with them', async () => {
    const [link, other] = await links();
    await t.db.deleteFrom('deliveries').where('id', '=', link!.delivery_id).execute();
    expect(await links()).toEqual([other]);
    await t.db.deleteFrom('alarms').where('id', '=', alarmId).execute();
    await t.db.deleteFrom('reports').where('id', '=', 'a-report').execute();
    expect(await deliveries()).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { startCallOut, type CallOut } from '../call-out/call-out.ts';
import { queueReportMail } from '../call-out/report-mail.ts';
import { callOutEnv, startSmtp } from '../call-out/test-fixtures.ts';
import { createMediaStorage, mediaKey, readAll } from '../media/storage/media-storage.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import { reportsUrl, templatesUrl } from './report-fixtures.ts';
import { emailReport } from './report-schedule.ts';
import { reportJobs } from './routes.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
/** recipients the mail server refuses for now (550) */
const refused = new Set<string>();
let t: TestApp;
/** a second instance's outbox sender on the same database */
let other: CallOut;
let project: string;
let manager: string;
let now = new Date('2027-01-02T08:59:00Z');
const clock = () => now;
const RECIPIENTS = ['consultant@example.com', 'eor@example.com'];

/** The bytes of the message's application/pdf part (nodemailer sends it base64-encoded). */
function attachedPdf(raw: string): Buffer {
  const part = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  expect(part, 'an application/pdf part').not.toBeNull();
  return Buffer.from(part![1]!.replace(/\s/g, ''), 'base64');
}

const deliveriesOf = (reportId: string) =>
  t.db
    .selectFrom('deliveries')
    .select(['address', 'status', 'attempts', 'alarm_id', 'error'])
    .where('report_id', '=', reportId)
    .orderBy('address')
    .execute();

const sendBoth = async (at: Date) =>
  (await Promise.all([t.app.callOut!.outbox.runOnce(at), other.outbox.runOnce(at)])).reduce((a, b) => a + b);

beforeAll(async () => {
  smtp = await startSmtp({ refuse: (to) => refused.has(to) });
  // no SMS provider in these tests: a port nothing listens on
  t = await createTestApp({ env: callOutEnv(smtp.url, 'http://127.0.0.1:9') });
  other = startCallOut(t.app.config, t.db, t.app.mailer, t.app.log);
  const devices = await createPiezometers(t, CERRO, { 'SCH-PZ-1': 400 }, { contractedSlaTime: 600 });
  project = devices.projectId;
  manager = await tokenFor(t, 'manager', project);
  const created = await t.call('POST', templatesUrl(project), {
    token: manager,
    body: {
      name: 'Informe mensual',
      language: 'es',
      period: 'month',
      // 06:00 in Santiago on the 2nd is 09:00 UTC in the southern summer (UTC−3)
      schedule: { every: 'month', day: 2, at: '06:00', timezone: 'America/Santiago' },
      recipients: ['eor@example.com', 'consultant@example.com'],
      sections: [{ kind: 'data_completeness' }, { kind: 'free_text', title: 'Notas', text: 'Sin novedades.' }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}, 60_000);
afterAll(async () => {
  await other.stop();
  await t.close();
  await smtp.close();
});

describe('scheduled reports', () => {
  const servers = () => {
    const one = reportJobs(t.app, createMediaStorage(t.app.config), clock);
    const two = reportJobs(t.app, createMediaStorage(t.app.config), clock);
    return {
      tick: async () => (await Promise.all([one.scheduler.tick(), two.scheduler.tick()])).flat(),
      idle: () => Promise.all([one.queue.idle(), two.queue.idle()]),
    };
  };
  let december: string;

  it('fire once per period with two servers, for the period before, and queue one e-mail per recipient in the outbox', async () => {
    const both = servers();
    expect(await both.tick()).toEqual([]); // 05:59 in Santiago: not yet
    now = new Date('2027-01-02T09:00:00Z');
    const made = await both.tick();
    expect(made).toHaveLength(1);
    now = new Date('2027-01-02T09:01:00Z');
    expect(await both.tick()).toEqual([]);
    now = new Date('2027-01-20T12:00:00Z');
    expect(await both.tick()).toEqual([]);

    await both.idle();
    const rows = await t.db.selectFrom('reports').selectAll().where('project_id', '=', project).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: made[0],
      origin: 'schedule',
      status: 'done',
      created_by: null,
      // December in Santiago: from midnight of the 1st (UTC−3) to midnight of 1 January
      range_from: '2026-12-01T03:00:00.000Z',
      range_to: '2027-01-01T03:00:00.000Z',
    });
    december = rows[0]!.id;

    // written in the template's language
    const stored = await createMediaStorage(t.app.config).read(mediaKey(project, rows[0]!.file_id!));
    const words = execFileSync('pdftotext', ['-', '-'], { input: await readAll(stored!), encoding: 'utf8' });
    expect(words).toContain('Informe de monitoreo');
    expect(words).toContain('Completitud de datos');
    expect(words).toContain('Página 2 de');

    // queued, not sent: the outbox sends it
    expect(smtp.messages).toEqual([]);
    // a second server that finished the same report queues nothing more
    await emailReport(t.db, rows[0]!);
    expect(await deliveriesOf(december)).toEqual(
      RECIPIENTS.map((address) => ({ address, status: 'queued', attempts: 0, alarm_id: null, error: null })),
    );
  }, 60_000);

  it('reach each recipient once through the outbox with two senders at once, in the template’s language, the PDF attached', async () => {
    expect(await sendBoth(now)).toBe(2);
    expect(await sendBoth(now)).toBe(0);
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(RECIPIENTS);
    const report = await t.db.selectFrom('reports').selectAll().where('id', '=', december).executeTakeFirstOrThrow();
    for (const mail of smtp.messages) {
      expect(mail.subject).toMatch(/Informe mensual.*2026-12-01/);
      expect(mail.raw.replace(/=\r\n/g, '')).toContain(report.sha256!); // quoted-printable's soft line breaks
      expect(mail.raw).toMatch(/Content-Type: application\/pdf; name="Informe mensual 2026-12-01.pdf"/);
      const pdf = attachedPdf(mail.raw);
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(createHash('sha256').update(pdf).digest('hex')).toBe(report.sha256);
    }
  });

  it('show their e-mails in the report’s API object', async () => {
    const res = await t.call('GET', reportsUrl(project, december), { token: manager });
    expect(res.status).toBe(200);
    expect(res.body.deliveries).toEqual(
      RECIPIENTS.map((address) => ({ address, status: 'sent', attempts: 1, sent_at: expect.any(String), error: null })),
    );
    const list = await t.call('GET', reportsUrl(project), { token: manager });
    expect(list.body.objects[0].deliveries).toHaveLength(2);
  });

  let february: string;

  it('retry a recipient the mail server refused, after the backoff, and send it once', async () => {
    smtp.messages.length = 0;
    refused.add('eor@example.com');
    const both = servers();
    now = new Date('2027-02-02T09:00:00Z');
    const next = await both.tick();
    expect(next).toHaveLength(1);
    await both.idle();
    february = next[0]!;
    const row = await t.db.selectFrom('reports').selectAll().where('id', '=', february).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ range_from: '2027-01-01T03:00:00.000Z', range_to: '2027-02-01T03:00:00.000Z' });

    expect(await sendBoth(now)).toBe(2);
    expect(smtp.messages.flatMap((m) => m.to)).toEqual(['consultant@example.com']);
    const refusedOnce = await t.call('GET', reportsUrl(project, february), { token: manager });
    expect(refusedOnce.body.deliveries).toEqual([
      { address: 'consultant@example.com', status: 'sent', attempts: 1, sent_at: expect.any(String), error: null },
      { address: 'eor@example.com', status: 'queued', attempts: 1, sent_at: null, error: expect.stringMatching(/550/) },
    ]);

    refused.clear();
    expect(await sendBoth(now)).toBe(0); // CALL_OUT_RETRY_SECONDS (30) not yet passed
    expect(await sendBoth(new Date(now.getTime() + 31_000))).toBe(1);
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(RECIPIENTS);
    expect(await deliveriesOf(february)).toMatchObject([
      { address: 'consultant@example.com', status: 'sent', attempts: 1 },
      { address: 'eor@example.com', status: 'sent', attempts: 2 },
    ]);
    expect(attachedPdf(smtp.messages[1]!.raw).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('fail a report e-mail whose PDF is gone at once, with a clear error', async () => {
    smtp.messages.length = 0;
    const row = await t.db.selectFrom('reports').selectAll().where('id', '=', february).executeTakeFirstOrThrow();
    const storage = createMediaStorage(t.app.config);
    await storage.remove([mediaKey(project, row.file_id!)]);
    await storage.close();
    await queueReportMail(t.db, {
      projectId: project,
      reportId: february,
      addresses: ['late@example.com'],
      subject: 'Informe',
      text: 'Informe',
      attachment: { fileId: row.file_id!, filename: 'informe.pdf' },
    });
    expect(await sendBoth(now)).toBe(1);
    expect(await sendBoth(new Date(now.getTime() + 3_600_000))).toBe(0);
    expect(smtp.messages).toEqual([]);
    const late = (await deliveriesOf(february)).find((d) => d.address === 'late@example.com');
    expect(late).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'The report’s PDF is no longer in the media storage',
    });
  });
});

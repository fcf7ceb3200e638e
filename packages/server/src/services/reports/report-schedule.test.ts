import { execFileSync } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMediaStorage, mediaKey, readAll } from '../media/storage/media-storage.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import { templatesUrl } from './report-fixtures.ts';
import { reportJobs } from './routes.ts';

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const received: Received[] = [];
let t: TestApp;
let project: string;
let now = new Date('2027-01-02T08:59:00Z');
const clock = () => now;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  const devices = await createPiezometers(t, CERRO, { 'SCH-PZ-1': 400 }, { contractedSlaTime: 600 });
  project = devices.projectId;
  const manager = await tokenFor(t, 'manager', project);
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
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('scheduled reports', () => {
  it('fire once per period with two servers, for the period before, and are e-mailed to the recipients', async () => {
    const one = reportJobs(t.app, createMediaStorage(t.app.config), clock);
    const two = reportJobs(t.app, createMediaStorage(t.app.config), clock);
    const tickBoth = async () => (await Promise.all([one.scheduler.tick(), two.scheduler.tick()])).flat();

    expect(await tickBoth()).toEqual([]); // 05:59 in Santiago: not yet
    now = new Date('2027-01-02T09:00:00Z');
    const made = await tickBoth();
    expect(made).toHaveLength(1);
    now = new Date('2027-01-02T09:01:00Z');
    expect(await tickBoth()).toEqual([]);
    now = new Date('2027-01-20T12:00:00Z');
    expect(await tickBoth()).toEqual([]);

    await Promise.all([one.queue.idle(), two.queue.idle()]);
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
    expect(
      received
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['consultant@example.com', 'eor@example.com']);
    const mail = received[0]!.raw.replace(/=\r\n/g, ''); // quoted-printable's soft line breaks
    expect(mail).toMatch(/Subject: .*Informe.mensual.*2026-12-01/);
    expect(mail).toMatch(/Content-Type: application\/pdf; name="Informe mensual 2026-12-01.pdf"/);
    expect(mail).toContain(rows[0]!.sha256!);

    // written in the template's language
    const stored = await createMediaStorage(t.app.config).read(mediaKey(project, rows[0]!.file_id!));
    const words = execFileSync('pdftotext', ['-', '-'], { input: await readAll(stored!), encoding: 'utf8' });
    expect(words).toContain('Informe de monitoreo');
    expect(words).toContain('Completitud de datos');
    expect(words).toContain('Página 2 de');

    now = new Date('2027-02-02T09:00:00Z');
    const next = await tickBoth();
    expect(next).toHaveLength(1);
    await Promise.all([one.queue.idle(), two.queue.idle()]);
    const february = await t.db.selectFrom('reports').selectAll().where('id', '=', next[0]!).executeTakeFirstOrThrow();
    expect(february).toMatchObject({ range_from: '2027-01-01T03:00:00.000Z', range_to: '2027-02-01T03:00:00.000Z' });
  }, 60_000);
});

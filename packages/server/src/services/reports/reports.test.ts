import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportSchema, type Report } from '@vigil/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { craftedSite, DAY, finishedReport, fullTemplate, reportsUrl, templatesUrl } from './report-fixtures.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof craftedSite>>;
let project: string;
let templateId: string;
let report: Report;
let pdf: Buffer;
const work = mkdtempSync(join(tmpdir(), 'vigil-report-'));

beforeAll(async () => {
  t = await createTestApp();
  site = await craftedSite(t);
  project = site.projectId;
  const created = await t.call('POST', templatesUrl(project), {
    token: site.manager,
    body: fullTemplate(site.ids['RPT-PZ-1']!, {}, site.ids['MET-01']),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  templateId = created.body.id;
  const asked = await t.call('POST', reportsUrl(project), {
    token: site.manager,
    body: { template_id: templateId, ...DAY },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.body).toMatchObject({ status: 'queued', progress: 0, review: { status: 'draft', history: [] } });
  report = reportSchema.parse(await finishedReport(t, site.manager, project, asked.body.id));
  const res = await t.app.inject({
    method: 'GET',
    url: reportsUrl(project, report.id, '/pdf'),
    headers: { authorization: `Token ${site.operator}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  pdf = res.rawPayload;
  writeFileSync(join(work, 'report.pdf'), pdf);
}, 120_000);
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await t.close();
});

const text = () => execFileSync('pdftotext', ['-layout', join(work, 'report.pdf'), '-'], { encoding: 'utf8' });

describe('a generated report', () => {
  it('is done with its pages, its SHA-256 and a private media file', async () => {
    expect(report, report.error ?? '').toMatchObject({
      status: 'done',
      progress: 100,
      error: null,
      origin: 'manual',
      created_by: 'manager',
    });
    expect(report.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    const info = execFileSync('pdfinfo', [join(work, 'report.pdf')], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(report.pages);
    expect(report.pages).toBeGreaterThanOrEqual(7); // cover, contents and a page per section
    const file = await t.db
      .selectFrom('media_files')
      .selectAll()
      .where('id', '=', report.file_id!)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ project_id: project, mime_type: 'application/pdf', size: pdf.length });
    expect(JSON.parse(file.attrs)).toMatchObject({ is_public: false, report_id: report.id });
  });

  it('reads back with its headings, contents and page numbers', () => {
    const words = text();
    for (const heading of [
      'Monitoring report',
      'Contents',
      'Site summary',
      'Data completeness',
      'Alarms and TARP actions',
      'Charts',
      'Engineer’s observations',
    ]) {
      expect(words).toContain(heading);
    }
    expect(words).toContain('Monthly instrumentation report');
    expect(words).toContain(`Page 2 of ${report.pages}`);
  });

  it('holds the completeness figures: 144 expected, 127 received, 88.2 %, the 06:00 to 09:00 gap', () => {
    const line = text()
      .split('\n')
      .find((l) => l.includes('RPT-PZ-1') && l.includes('127'));
    expect(line).toBeDefined();
    expect(line).toMatch(/144\s+127\s+88\.2 %/);
    expect(text()).toContain('(3 h 00 min)');
    const silent = text()
      .split('\n')
      .find((l) => l.includes('RPT-PZ-2') && l.includes('144'));
    expect(silent).toMatch(/144\s+0\s+0\.0 %/);
  });

  it('lists the period’s manual readings and journal entries, and the station’s figures', () => {
    const words = text();
    expect(words).toMatch(/RPT-DIP-1 .*pressure = 104\.5/);
    expect(words).toContain('Toe drain inspected');
    expect(words).toContain('Station: MET-01');
  });

  it('lists the last value against its limits', () => {
    const line = text()
      .split('\n')
      .find((l) => l.includes('RPT-PZ-1') && l.includes('150'));
    expect(line).toMatch(/150\s+\/\s+—|—\s+\/\s+150/);
    expect(line).toContain('Normal');
  });

  it('draws the chart page: not blank, with the chart’s ink', async () => {
    const words = text();
    const chartPage =
      words.split('\f').findIndex((page) => page.includes('Figure 1: Pore pressure RPT-PZ-1 (kPa)')) + 1;
    expect(chartPage).toBeGreaterThan(2);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '50',
      '-f',
      String(chartPage),
      '-l',
      String(chartPage),
      join(work, 'report.pdf'),
      join(work, 'page'),
    ]);
    const png = readFileSync(join(work, `page-${String(chartPage).padStart(String(report.pages).length, '0')}.png`));
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    let inked = 0;
    let blue = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r < 200 || g < 200 || b < 200) inked++;
      if (b > 150 && r < 80) blue++; // the first line's colour, #0072b2
    }
    expect(inked / (info.width * info.height)).toBeGreaterThan(0.01);
    expect(blue).toBeGreaterThan(20);
  });
});

describe('the review of a report', () => {
  const review = (token: string, body: object) =>
    t.call('POST', reportsUrl(project, report.id, '/review'), { token, body });

  it('refuses an operator (403), a rejection without a comment (400) and a manager’s approval (403)', async () => {
    expect((await review(site.operator, { action: 'review' })).status).toBe(403);
    const bare = await review(site.manager, { action: 'reject' });
    expect(bare.status).toBe(400);
    expect(bare.body.details.comment).toEqual(['A rejection needs a comment']);
    const approval = await review(site.manager, { action: 'approve' });
    expect(approval.status).toBe(403);
    expect(approval.body.message).toBe('Approving a report needs the Administrator role');
  });

  it('goes draft → reviewed (manager) → approved (administrator), each step by name and time', async () => {
    const reviewed = await review(site.manager, { action: 'review', comment: 'Checked the gaps' });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body.review.status).toBe('reviewed');
    expect((await review(site.manager, { action: 'review' })).status).toBe(409);
    const approved = await review(site.admin, { action: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.review).toMatchObject({
      status: 'approved',
      history: [
        { action: 'review', by: 'manager', comment: 'Checked the gaps' },
        { action: 'approve', by: 'admin', comment: '' },
      ],
    });
    expect(Date.parse(approved.body.review.history[1].at)).toBeGreaterThanOrEqual(
      Date.parse(approved.body.review.history[0].at),
    );
  });

  it('never changes an approved report (409), and its PDF stays the same', async () => {
    const rejected = await review(site.admin, { action: 'reject', comment: 'Too late' });
    expect(rejected.status).toBe(409);
    expect(rejected.body.message).toBe('An approved report never changes: generate a new version instead');
    const after = await t.call('GET', reportsUrl(project, report.id), { token: site.operator });
    expect(after.body).toMatchObject({ sha256: report.sha256, review: { status: 'approved' } });
    expect(after.body.review.history).toHaveLength(2);
  });

  it('rejects a new version with a comment, which closes it', async () => {
    const asked = await t.call('POST', reportsUrl(project), {
      token: site.manager,
      body: { template_id: templateId, ...DAY },
    });
    const version = await finishedReport(t, site.manager, project, asked.body.id);
    expect(version.status).toBe('done');
    const rejected = await review(site.manager, { action: 'review' }).then(() =>
      t.call('POST', reportsUrl(project, version.id, '/review'), {
        token: site.manager,
        body: { action: 'reject', comment: 'Wrong period' },
      }),
    );
    expect(rejected.body.review).toMatchObject({
      status: 'rejected',
      history: [{ action: 'reject', by: 'manager', comment: 'Wrong period' }],
    });
    const listed = await t.call('GET', `${reportsUrl(project)}?ordering=created_at`, { token: site.operator });
    expect(listed.body.objects.map((r: Report) => r.id)).toEqual([report.id, version.id]);
  });
});

describe('refusals when asking for a report', () => {
  it('refuses a period whose from is after its to', async () => {
    const res = await t.call('POST', reportsUrl(project), {
      token: site.manager,
      body: { template_id: templateId, from: DAY.to, to: DAY.from },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.from).toEqual(['Must be before to']);
  });

  it('refuses a template whose section names a device deleted since (400)', async () => {
    const other = await t.call('POST', templatesUrl(project), {
      token: site.manager,
      body: fullTemplate(site.ids['RPT-PZ-2']!, { name: 'Soon broken' }),
    });
    await t.db.deleteFrom('monitored_entities').where('id', '=', site.ids['RPT-PZ-2']!).execute();
    const res = await t.call('POST', reportsUrl(project), {
      token: site.manager,
      body: { template_id: other.body.id, ...DAY },
    });
    expect(res.status).toBe(400);
    expect(res.body.details['sections.3.charts.0.series.0.entity_id']).toBeDefined();
  });
});

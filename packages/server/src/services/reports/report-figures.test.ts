import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, toJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { INGEST } from '../ingest/test-fixtures.ts';
import { alarmRow, craftedSite, DAY, finishedReport, reportsUrl, templatesUrl } from './report-fixtures.ts';

// Issue 39, second part: inclinometer profiles, cross sections, the site summary's changes, and
// reports in Japanese and Thai read back from the PDF.

let t: TestApp;
let site: Awaited<ReturnType<typeof craftedSite>>;
let project: string;
const work = mkdtempSync(join(tmpdir(), 'vigil-report-figures-'));
const CHAIN = 'IPI-01';
const DATUM = '2026-09-01T00:00:00.000Z';

/** A report of DAY from a template with these sections, in this language: its PDF's file and page count. */
async function generate(name: string, language: string, sections: object[]) {
  const created = await t.call('POST', templatesUrl(project), {
    token: site.manager,
    body: { name, language, period: 'month', sections },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const asked = await t.call('POST', reportsUrl(project), {
    token: site.manager,
    body: { template_id: created.body.id, ...DAY },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const report = await finishedReport(t, site.manager, project, asked.body.id);
  expect(report.status, report.error ?? '').toBe('done');
  const res = await t.app.inject({
    method: 'GET',
    url: reportsUrl(project, report.id, '/pdf'),
    headers: { authorization: `Token ${site.manager}` },
  });
  const file = join(work, `${name.replace(/\W+/g, '-')}.pdf`);
  writeFileSync(file, res.rawPayload);
  return { file, pages: report.pages as number };
}

const textOf = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/** The page (1-based) whose text holds `words`. */
const pageWith = (file: string, words: string) =>
  textOf(file)
    .split('\f')
    .findIndex((page) => page.includes(words)) + 1;

/** The share of a page's pixels that are inked, and of those in a colour. */
async function ink(file: string, page: number, pages: number, colour: (r: number, g: number, b: number) => boolean) {
  const prefix = join(work, `page-${newId()}`);
  execFileSync('pdftoppm', ['-png', '-r', '50', '-f', String(page), '-l', String(page), file, prefix]);
  const png = readFileSync(`${prefix}-${String(page).padStart(String(pages).length, '0')}.png`);
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  let coloured = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r < 200 || g < 200 || b < 200) inked++;
    if (colour(r, g, b)) coloured++;
  }
  return { inked: inked / (info.width * info.height), coloured };
}

let chain: string;
let crossSectionId: string;
beforeAll(async () => {
  t = await createTestApp();
  site = await craftedSite(t);
  project = site.projectId;
  chain = (
    await t.db
      .selectFrom('monitored_entities')
      .select('id')
      .where('project_id', '=', project)
      .where('eid', '=', CHAIN)
      .executeTakeFirstOrThrow()
  ).id;
  const nodes = (await t.db.selectFrom('data_points').select('id').where('entity_id', '=', chain).execute()).map(
    (p) => p.id,
  );
  // The datum, the day before the period, and noon of the period: node i moves i mm, then 2i mm, along A.
  for (const [readAt, move] of [
    [DATUM, 0],
    ['2026-09-30T12:00:00.000Z', 1],
    ['2026-10-01T12:00:00.000Z', 2],
  ] as const) {
    const res = await t.call('POST', INGEST, {
      token: site.admin,
      body: nodes.map((id, i) => ({
        eid: CHAIN,
        data_point_id: id,
        read_at: readAt,
        raw_metrics: { a_axis: 10 + i * move, b_axis: 5 },
      })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const datum = await t.call('POST', `/device-registry/api/v1/instruments/${chain}/datums`, {
    token: site.admin,
    body: { datum_at: DATUM },
  });
  expect(datum.status, JSON.stringify(datum.body)).toBe(201);

  // Trigger levels on RPT-PZ-1's piezometric level (tip 400 m: 100 kPa is about 410.2 m).
  await t.db
    .updateTable('monitored_entities')
    .set({
      metric_limits: toJson([
        { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 415 },
        { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 425 },
      ]),
    })
    .where('id', '=', site.ids['RPT-PZ-1']!)
    .execute();
  const sensor = (eid: string, lng: number) => ({
    id: eid,
    device_id: site.ids[eid],
    location: { lat: -30, lng },
    metric_type: 'calculated_metrics',
    metric_field: 'piezometric_level',
  });
  const section = await t.call('POST', `/ui/api/v1/projects/${project}/cross-sections`, {
    token: site.admin,
    body: {
      name: 'Section A-A',
      distance: 200,
      altitude_min: 380,
      altitude_max: 440,
      x0_location: { lat: -30, lng: -70 },
      x_max_location: { lat: -30, lng: -69.998 },
      sensors: [sensor('RPT-PZ-1', -69.999), sensor('RPT-DIP-1', -69.9985)],
      diagram: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { category: 'Ground' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 380],
                  [200, 380],
                  [200, 395],
                  [0, 395],
                  [0, 380],
                ],
              ],
            },
          },
          {
            type: 'Feature',
            properties: { category: 'Dam' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [20, 395],
                  [180, 395],
                  [120, 430],
                  [80, 430],
                  [20, 395],
                ],
              ],
            },
          },
        ],
      },
    },
  });
  expect(section.status, JSON.stringify(section.body)).toBe(201);
  crossSectionId = section.body.id;

  // The rules engine's record of a safety state change, and an alarm raised and cleared, in the period.
  await t.db
    .insertInto('events')
    .values({
      id: newId(),
      project_id: project,
      entity_id: site.ids['RPT-PZ-1']!,
      type: 'safety_state_changed',
      rule_type: 'safety_state_rules',
      rule_execution_id: null,
      payload_id: null,
      context: toJson({ prev_safety_state: 'normal', safety_state: 'warning' }),
      dedupe_key: newId(),
      created_at: '2026-10-01T12:00:00.000Z',
    })
    .execute();
  const alarmId = newId();
  await t.db
    .insertInto('alarms')
    .values(
      alarmRow(project, site.ids['RPT-PZ-1']!, '2026-10-01T12:00:00.000Z', {
        id: alarmId,
        state: 'cleared_unacknowledged',
        level: 'warning',
        colour: 'orange',
        cleared_at: '2026-10-01T12:10:00.000Z',
        text: 'Pressure reached its warning upper limit',
      }),
    )
    .execute();
  const step = (action: string, at: string) => ({
    id: newId(),
    alarm_id: alarmId,
    project_id: project,
    action,
    at,
    user_id: null,
    comment: null,
    details: '{}',
  });
  await t.db
    .insertInto('alarm_history')
    .values([step('raised', '2026-10-01T12:00:00.000Z'), step('cleared', '2026-10-01T12:10:00.000Z')])
    .execute();
}, 120_000);
afterAll(async () => {
  if (!process.env.KEEP_REPORT_PDF) rmSync(work, { recursive: true, force: true });
  await t.close();
});

describe('the figures of a report', () => {
  let file: string;
  let pages: number;
  beforeAll(async () => {
    ({ file, pages } = await generate('Figures', 'en-US', [
      { kind: 'site_summary' },
      { kind: 'inclinometer_profiles', device_ids: [chain] },
      { kind: 'cross_sections', cross_section_ids: [crossSectionId] },
    ]));
  }, 120_000);

  it('counts and lists the changes of the period in the site summary', () => {
    const text = textOf(file);
    expect(text).toContain('Changes in the period');
    expect(text).toContain('1 safety state changes; 1 alarms raised and 1 cleared.');
    expect(text).toMatch(/RPT-PZ-1 Piezometer RPT-PZ-1: Safety state from Normal to Warning/);
    expect(text).toContain('Alarm raised: Piezometer RPT-PZ-1');
    expect(text).toContain('Alarm cleared: Piezometer RPT-PZ-1');
  });

  it('draws the inclinometer’s profile against its datum, with its caption, axes and legend', async () => {
    const page = pageWith(file, 'Figure 1: IPI-01');
    expect(page).toBeGreaterThan(2);
    const text = textOf(file).split('\f')[page - 1]!;
    expect(text).toMatch(/Figure 1: IPI-01 .*cumulative displacement against depth \(mm\)/);
    for (const words of ['Axis A', 'Axis B', 'Depth (m)', 'End of the period', 'Start of the period'])
      expect(text).toContain(words);
    expect(text).toMatch(/Against the datum of Sep 1, 2026/);
    // the period's end in the first palette colour (#0072b2), its start in the second (#e69f00)
    const { inked, coloured } = await ink(file, page, pages, (r, g, b) => b > 150 && r < 80);
    expect(inked).toBeGreaterThan(0.01);
    expect(coloured).toBeGreaterThan(20);
    const orange = await ink(file, page, pages, (r, g, b) => r > 200 && g > 130 && g < 180 && b < 60);
    expect(orange.coloured).toBeGreaterThan(5);
  });

  it('draws the cross section with its diagram, phreatic surface, envelope and trigger levels', async () => {
    const page = pageWith(file, 'Figure 2: Section A-A, side view (m)');
    expect(page).toBeGreaterThan(2);
    const text = textOf(file).split('\f')[page - 1]!;
    for (const words of ['Ground', 'Dam', 'Phreatic surface', 'Range in the period', 'Warning level', 'Critical level'])
      expect(text).toContain(words);
    expect(text).toContain('Distance (m)');
    // the dam's tan (#d2b48c) and the surface's blue (#0d47a1)
    const tan = await ink(
      file,
      page,
      pages,
      (r, g, b) => Math.abs(r - 210) < 12 && Math.abs(g - 180) < 12 && Math.abs(b - 140) < 14,
    );
    expect(tan.coloured).toBeGreaterThan(200);
    const water = await ink(file, page, pages, (r, g, b) => r < 60 && g < 100 && b > 130);
    expect(water.coloured).toBeGreaterThan(10);
  });
});

describe('the fonts of a report', () => {
  it('writes a Japanese report in Noto Sans JP, read back as Japanese', async () => {
    const { file } = await generate('Japanese', 'ja', [
      { kind: 'site_summary' },
      { kind: 'free_text', title: '技術者所見', text: '間隙水圧は安定しています。' },
    ]);
    const text = textOf(file);
    expect(text).toContain('モニタリング報告書');
    expect(text).toContain('目次');
    expect(text).toContain('技術者所見');
    expect(text).toContain('期間中の変化');
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toContain('NotoSansJP');
  });

  it('writes a Thai report in Noto Sans Thai, its marks shaped, read back as Thai', async () => {
    const { file } = await generate('Thai', 'th', [
      { kind: 'site_summary' },
      { kind: 'free_text', title: 'ข้อสังเกตของวิศวกร', text: 'แรงดันน้ำคงที่' },
    ]);
    const text = textOf(file);
    expect(text).toContain('รายงานการตรวจวัด');
    expect(text).toContain('ข้อสังเกตของวิศวกร');
    expect(text).toContain('การเปลี่ยนแปลงในช่วงเวลา');
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toContain('NotoSansThai');
  });
});

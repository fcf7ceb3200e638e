import type { CrossSection, DataSession, JournalEntry, ManualReading, MediaFile } from '@vigil/domain';
import { crossSectionProblems, dashboardTreeSchema } from '@vigil/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { tokenFor } from '../services/ingest/test-fixtures.ts';
import { content, MEDIA } from '../services/media/test-fixtures.ts';
import { seedDemoCrossSections } from './seed-cross-sections.ts';
import { seedDemoJournal } from './seed-journal.ts';
import { SECTIONS_PAGE, seedSectionsPage } from './seed-sections-page.ts';
import { demoIds } from '../services/ui/test-fixtures.ts';
import { ATTACHMENT_DEVICE_EID, seedDemoMedia } from './seed-media.ts';
import { DEMO_PROJECTS } from './site.ts';

// The demo's library as `npm start` seeds it after the site: media, then journal, then cross sections.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMedia(t.app);
  await seedDemoJournal(t.app);
  await seedDemoCrossSections(t.app);
});
afterAll(() => t.close());

describe.each(DEMO_PROJECTS.map((p) => [p.name]))('the demo media library of %s', (name) => {
  let token: string;
  let files: MediaFile[];
  beforeAll(async () => {
    const project = await t.db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    token = await tokenFor(t, 'operator', project.id);
    files = (await t.call('GET', `${MEDIA}/files/?exclude_thumbnails=true`, { token })).body.objects;
  });

  it('holds site photos, a drawing and an inspection report, each real bytes of its type', async () => {
    const names = files.map((f) => f.original_filename);
    expect(names).toEqual(
      expect.arrayContaining([
        'crest-looking-north.jpg',
        'cross-section-a-a.svg',
        'inspection-report.pdf',
        'site-plan.png',
      ]),
    );
    // and the as-built drawing of each cross section, traced over in its side view
    expect(names.filter((n) => n.startsWith('as-built-section-')).length).toBeGreaterThanOrEqual(2);
    const byName = Object.fromEntries(files.map((f) => [f.original_filename, f]));
    const photo = await content(t, byName['crest-looking-north.jpg']!.public_url!);
    expect((await sharp(photo.bytes).metadata()).format).toBe('jpeg');
    expect(byName['crest-looking-north.jpg']).toMatchObject({ width: 1600, height: 1067 });
    const report = await content(t, byName['inspection-report.pdf']!.public_url!);
    expect(report.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const drawing = await content(t, byName['cross-section-a-a.svg']!.public_url!);
    expect(drawing.bytes.toString()).toContain('section A-A');
  });

  it('gives every image its 120-pixel thumbnail', async () => {
    for (const file of files.filter((f) => /\.(jpg|png)$/.test(f.original_filename))) {
      const small = file.thumbnails.find((th) => th.name === 'small');
      const served = await content(t, small!.file.public_url!);
      const meta = await sharp(served.bytes).metadata();
      expect([meta.width, meta.height], file.original_filename).toEqual([120, 120]);
    }
  });

  it(`attaches the crest photo and the report to ${ATTACHMENT_DEVICE_EID}, by URLs that answer`, async () => {
    const devices = await t.call('GET', `/device-registry/api/v1/instruments/?eid=${ATTACHMENT_DEVICE_EID}`, { token });
    const attachments = devices.body.objects[0].attachments as Array<{ type: string; public_url: string }>;
    expect(attachments.map((a) => a.type)).toEqual(['image', 'pdf']);
    for (const a of attachments) expect((await content(t, a.public_url)).status).toBe(200);
  });
});

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

describe.each(DEMO_PROJECTS.map((p) => [p.name]))('the demo cross sections of %s', (name) => {
  let token: string;
  let sections: CrossSection[];
  beforeAll(async () => {
    const project = await t.db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    token = await tokenFor(t, 'operator', project.id);
    sections = (await t.call('GET', `/ui/api/v1/projects/${project.id}/cross-sections/`, { token })).body.objects;
  });

  it('are at least two, each drawable, with ground and dam, a tracing image and six or more piezometers', async () => {
    expect(sections.length).toBeGreaterThanOrEqual(2);
    for (const section of sections) {
      expect(crossSectionProblems(section), section.name).toEqual([]);
      const categories = section.diagram.features.map((f) => f.properties.category);
      expect(categories, section.name).toEqual(expect.arrayContaining(['Ground', 'Dam']));
      expect(section.sensors.length, section.name).toBeGreaterThanOrEqual(6);
      expect(section.x0_location && section.x_max_location, section.name).toBeTruthy();
      // A private file: the side view reads it with the session (use-site-image.ts).
      const tracing = await content(t, section.tracing_image!.url!, token);
      expect((await sharp(tracing.bytes).metadata()).format).toBe('png');
      expect(section.topo_image?.bounds, section.name).toBeTruthy();
    }
  });

  it('are on a page under the safety-state overview: the first as side-section and aerial view, and the map of all', async () => {
    const project = await t.db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    const module = await demoIds(t).module(project.id, 'safety-state');
    const tree = dashboardTreeSchema.parse(
      (await t.call('GET', `/ui/api/v1/projects/${project.id}/modules/${module}`, { token })).body.data,
    );
    const page = tree.pages.find((p) => p.path === SECTIONS_PAGE);
    expect(page?.title).toBe('Cross sections');
    expect(page!.cards).toMatchObject([
      { type: 'cross-section', cross_section_id: sections[0]!.id, view: 'side', layout: { x: 0, y: 0, w: 16 } },
      { type: 'cross-section', cross_section_id: sections[0]!.id, view: 'aerial' },
      { type: 'cross-sections-map' },
    ]);
    // Seeding again adds no second page.
    await seedSectionsPage(t.db, project.id, sections[0]!.id, await demoIds(t).userId('admin'));
    const again = await t.call('GET', `/ui/api/v1/projects/${project.id}/modules/${module}`, { token });
    expect(dashboardTreeSchema.parse(again.body.data).pages.filter((p) => p.path === SECTIONS_PAGE)).toHaveLength(1);
  });

  it("places each piezometer's tip inside the drawing, below the surface and above the bottom", async () => {
    for (const section of sections) {
      const devices = await t.call(
        'GET',
        `/device-registry/api/v1/instruments/?monitored_entity_ids=${section.sensors.map((s) => s.device_id).join(',')}&fields=id,context`,
        { token },
      );
      for (const device of devices.body.objects as Array<{ context: { tip_elevation: number } }>) {
        expect(device.context.tip_elevation).toBeGreaterThan(section.altitude_min);
        expect(device.context.tip_elevation).toBeLessThan(section.altitude_max);
      }
    }
  });
});

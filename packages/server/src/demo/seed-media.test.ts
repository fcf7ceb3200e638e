import type { MediaFile } from '@vigil/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { tokenFor } from '../services/ingest/test-fixtures.ts';
import { content, MEDIA } from '../services/media/test-fixtures.ts';
import { ATTACHMENT_DEVICE_EID, seedDemoMedia } from './seed-media.ts';
import { DEMO_PROJECTS } from './site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMedia(t.app);
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
    expect(files.map((f) => f.original_filename).sort()).toEqual([
      'crest-looking-north.jpg',
      'cross-section-a-a.svg',
      'inspection-report.pdf',
      'site-plan.png',
    ]);
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

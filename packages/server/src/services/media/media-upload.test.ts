import { existsSync, readdirSync } from 'node:fs';
import { autoResizeDimensions, autoResizeTypeName, MEDIA_MAX_FILE_SIZE, type MediaFile } from '@vigil/domain';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { tokenFor } from '../ingest/test-fixtures.ts';
import { CERRO, demoIds, OUSE } from '../ui/test-fixtures.ts';
import { startTestS3 } from './storage/test-s3-server.ts';
import {
  content,
  createRecord,
  grantEveryone,
  MEDIA,
  multipart,
  pngImage,
  postForm,
  uploadFile,
  uploadUrl,
} from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
let operator: string;
let manager: string;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  await grantEveryone(t, cerro);
  operator = await tokenFor(t, 'operator', cerro);
  manager = await tokenFor(t, 'manager', cerro);
  photo = await pngImage(640, 480);
});
afterAll(() => t.close());

const unique = (stem: string, extension = 'png') => `${stem}-${Math.random().toString(36).slice(2, 8)}.${extension}`;
const stagingFiles = () => (existsSync(`${t.dataDir}/media-uploads`) ? readdirSync(`${t.dataDir}/media-uploads`) : []);
const stored = (id: string) => existsSync(`${t.dataDir}/media/${cerro}/${id}`);

function pdfReport(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Inspection report');
    doc.end();
  });
}

describe('the upload flow of requirements#monitoring-states through HTTP', () => {
  it('creates, uploads, processes and ends with thumbnails whose bytes are 120- and 240-pixel images', async () => {
    const name = unique('crest-photo');
    const file = await uploadFile(t, operator, name, 'image/png', photo);
    expect(file).toMatchObject({ is_uploaded: true, size: photo.length, width: 640, height: 480 });
    // private, so signed (media-privacy.test.ts)
    expect(file.public_url).toMatch(new RegExp(`^/media/api/v1/files/${file.id}/content\\?expires=\\d+&signature=`));
    const original = await content(t, file.public_url!);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.bytes.equals(photo)).toBe(true);

    const byName = Object.fromEntries(file.thumbnails.map((th) => [th.name, th]));
    for (const [name, size] of [
      ['small', 120],
      ['medium', 240],
    ] as const) {
      expect(byName[name]).toMatchObject({ width: size, height: size });
      const served = await content(t, byName[name]!.file.public_url!);
      expect(served.status).toBe(200);
      const meta = await sharp(served.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
  });

  it('makes the auto-resize sizes on request: @2x at 2/3 and @1x at 1/3, with small and medium, polled through check_uri', async () => {
    const file = await uploadFile(t, operator, unique('resized'), 'image/png', photo);
    // Thumbnail types are made by administrators and managers (media-roles.test.ts).
    const type = await t.call('POST', `${MEDIA}/thumbnail-types/`, {
      token: manager,
      body: { name: autoResizeTypeName(file.label), dimensions: autoResizeDimensions(640, 480) },
    });
    expect(type.body.name).toBe(`${file.label}-Auto-2x1x`);
    await t.call('PATCH', `${MEDIA}/files/${file.id}/`, { token: operator, body: { thumbnail_type: type.body.id } });
    const started = await t.call('GET', `${MEDIA}/files/${file.id}/process-thumbnails/`, { token: operator });
    expect(started.status).toBe(200);
    expect(started.body.check_uri).toMatch(/^\/media\/api\/v1\/tasks\/[\w-]+\/$/);
    const first = await t.call('GET', started.body.check_uri, { token: operator });
    expect(['PENDING', 'STARTED', 'SUCCESS']).toContain(first.body.status);
    let status = first.body.status;
    for (let i = 0; i < 100 && status !== 'SUCCESS' && status !== 'FAILURE'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await t.call('GET', started.body.check_uri, { token: operator })).body.status;
    }
    expect(status).toBe('SUCCESS');
    const after = (await t.call('GET', `${MEDIA}/files/${file.id}/`, { token: operator })).body as MediaFile;
    const sizes = Object.fromEntries(after.thumbnails.map((th) => [th.name, [th.width, th.height]]));
    expect(sizes).toEqual({ '@2x': [427, 320], '@1x': [213, 160], small: [120, 120], medium: [240, 240] });
    // The task is the project's own.
    const ouse = await tokenFor(t, 'admin', await demoIds(t).project(OUSE));
    expect((await t.call('GET', started.body.check_uri, { token: ouse })).status).toBe(404);
  });

  it('refuses processing before the upload, and thumbnails of what is not an image', async () => {
    const pending = await createRecord(t, operator, unique('early'), 'image/png');
    const early = await t.call('GET', `${MEDIA}/files/${pending.id}/process/`, { token: operator });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('The file has not been uploaded yet');
    const pdf = await uploadFile(t, operator, unique('report', 'pdf'), 'application/pdf', await pdfReport());
    expect(pdf.thumbnails).toEqual([]);
    expect((await t.call('GET', `${MEDIA}/files/${pdf.id}/process-thumbnails/`, { token: operator })).status).toBe(400);
    const served = await content(t, pdf.public_url!);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="report-/);
  });
});

describe('upload safety', () => {
  it('cuts off an upload of 10 MiB + 1 byte with 413 and stores nothing; 10 MiB exactly is accepted', async () => {
    const record = await createRecord(t, operator, unique('huge', 'bin'), 'application/octet-stream');
    const { url, fields } = await uploadUrl(t, operator, record.id);
    const tooLarge = Buffer.alloc(MEDIA_MAX_FILE_SIZE + 1, 7);
    const res = await postForm(
      t,
      url,
      multipart(fields, { name: 'huge.bin', type: 'application/octet-stream', bytes: tooLarge }),
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      error_type: 'PayloadTooLarge',
      message: 'The file is larger than 10485760 bytes',
    });
    expect(stagingFiles()).toEqual([]);
    expect(stored(record.id)).toBe(false);
    expect((await t.call('GET', `${MEDIA}/files/${record.id}/`, { token: operator })).body.is_uploaded).toBe(false);

    const fits = await postForm(
      t,
      url,
      multipart(fields, { name: 'huge.bin', type: 'application/octet-stream', bytes: tooLarge.subarray(1) }),
    );
    expect(fits.status).toBe(200);
    expect(fits.body.size).toBe(MEDIA_MAX_FILE_SIZE);
  });

  it('refuses a text file declared as PNG, and keeps nothing of it', async () => {
    const record = await createRecord(t, operator, unique('fake'), 'image/png');
    const { url, fields } = await uploadUrl(t, operator, record.id);
    const text = Buffer.from('this is not a picture of the dam\n'.repeat(100));
    const res = await postForm(t, url, multipart(fields, { name: 'fake.png', type: 'image/png', bytes: text }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error_type: 'ValidationError',
      message: 'The file’s contents are not of its declared type',
    });
    expect(stagingFiles()).toEqual([]);
    expect(stored(record.id)).toBe(false);
  });

  it('checks SVG and text by their contents, and serves an SVG so that its scripts cannot run', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const icon = await uploadFile(t, operator, unique('icon', 'svg'), 'image/svg+xml', svg);
    const served = await content(t, icon.public_url!);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    for (const [name, type, bytes] of [
      [unique('png-as-svg', 'svg'), 'image/svg+xml', photo],
      [unique('binary', 'txt'), 'text/plain', Buffer.from([0x41, 0, 0x42])],
      [unique('zip', 'docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', photo],
    ] as const) {
      const record = await createRecord(t, operator, name, type);
      const { url, fields } = await uploadUrl(t, operator, record.id);
      expect((await postForm(t, url, multipart(fields, { name, type, bytes }))).status, name).toBe(400);
    }
    const csv = await uploadFile(t, operator, unique('readings', 'csv'), 'text/csv', Buffer.from('time,level\n1,2\n'));
    expect(csv.size).toBe(15);
  });

  it('serves one range of the bytes (206), refuses one past the end (416), and says it takes ranges', async () => {
    const text = Buffer.from('time,level\n' + Array.from({ length: 50 }, (_, i) => `${i},${100 + i}`).join('\n'));
    const file = await uploadFile(t, operator, unique('ranged', 'csv'), 'text/csv', text);
    const get = (range?: string) =>
      t.app.inject({ method: 'GET', url: file.public_url!, headers: range ? { range } : {} });
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(text)).toBe(true);

    const part = await get('bytes=11-20');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 11-20/${text.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.equals(text.subarray(11, 21))).toBe(true);
    const last = await get('bytes=-5');
    expect(last.statusCode).toBe(206);
    expect(last.rawPayload.equals(text.subarray(text.length - 5))).toBe(true);

    const past = await get(`bytes=${text.length}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${text.length}`);
    expect((await get('bytes=0-1,5-6')).statusCode).toBe(200);
  });

  it('takes an upload only with the ticket of its upload URL, once, and only with a file', async () => {
    const record = await createRecord(t, operator, unique('ticketed'), 'image/png');
    const { url, fields } = await uploadUrl(t, operator, record.id);
    const file = { name: 'x.png', type: 'image/png', bytes: photo };
    expect((await postForm(t, url, multipart({}, file))).status).toBe(401);
    expect((await postForm(t, url, multipart({ ticket: 'x'.repeat(43) }, file))).status).toBe(401);
    const other = await createRecord(t, operator, unique('other'), 'image/png');
    expect((await postForm(t, `${MEDIA}/files/${other.id}/upload/`, multipart(fields, file))).status).toBe(401);
    const noFile = await postForm(t, url, multipart(fields));
    expect(noFile.status).toBe(400);
    expect(noFile.body.details).toEqual({ file: ['Required'] });
    expect((await postForm(t, url, multipart(fields, file))).status).toBe(200);
    expect((await postForm(t, url, multipart(fields, file))).status).toBe(401);
    const again = await t.call('GET', `${MEDIA}/files/${record.id}/upload-url/`, { token: operator });
    expect(again.status).toBe(409);
  });

  it('resumes an upload sent in parts where the server says it stopped', async () => {
    const record = await createRecord(t, operator, unique('resumed'), 'image/png');
    const first = await uploadUrl(t, operator, record.id);
    expect(first.received).toBe(0);
    const half = Math.floor(photo.length / 2);
    const part = (offset: number, bytes: Buffer, complete: boolean, fields = first.fields) =>
      postForm(
        t,
        first.url,
        multipart(
          { ...fields, offset: String(offset), ...(complete ? {} : { complete: 'false' }) },
          { name: 'r.png', type: 'image/png', bytes },
        ),
      );
    const one = await part(0, photo.subarray(0, half), false);
    expect(one.status).toBe(202);
    expect(one.body).toEqual({ received: half });
    // Paused; later the client asks where to go on.
    const resumed = await uploadUrl(t, operator, record.id);
    expect(resumed.received).toBe(half);
    const wrong = await part(half - 10, photo.subarray(half - 10), true, resumed.fields);
    expect(wrong.status).toBe(409);
    const done = await part(half, photo.subarray(half), true, resumed.fields);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ is_uploaded: true, size: photo.length, width: 640 });
    const processed = await t.call('GET', `${MEDIA}/files/${record.id}/process/`, { token: operator });
    expect((await content(t, processed.body.public_url)).bytes.equals(photo)).toBe(true);
  });

  it('drops what a deleted file left half-uploaded', async () => {
    const record = await createRecord(t, operator, unique('abandoned'), 'image/png');
    const { url, fields } = await uploadUrl(t, operator, record.id);
    await postForm(
      t,
      url,
      multipart({ ...fields, complete: 'false' }, { name: 'a.png', type: 'image/png', bytes: photo.subarray(0, 100) }),
    );
    expect(stagingFiles()).toContain(`${record.id}.part`);
    await t.call('DELETE', `${MEDIA}/files/${record.id}/`, { token: operator });
    expect(stagingFiles()).not.toContain(`${record.id}.part`);
  });
});

describe('media in an S3 bucket', () => {
  it('goes through the same flow, its bytes and thumbnails kept in the bucket', async () => {
    const s3 = await startTestS3();
    const app = await createTestApp({ env: { S3_URL: s3.url } });
    try {
      await grantEveryone(app, await demoIds(app).project(CERRO));
      const token = await tokenFor(app, 'operator', await demoIds(app).project(CERRO));
      const file = await uploadFile(app, token, 'bucket.png', 'image/png', photo);
      expect((await content(app, file.public_url!)).bytes.equals(photo)).toBe(true);
      const small = file.thumbnails.find((th) => th.name === 'small')!;
      const meta = await sharp((await content(app, small.file.public_url!)).bytes).metadata();
      expect([meta.width, meta.height]).toEqual([120, 120]);
      expect(existsSync(`${app.dataDir}/media`)).toBe(false);
      expect(readdirSync(s3.directory).length).toBeGreaterThan(0);
      expect((await app.call('DELETE', `${MEDIA}/files/${file.id}/`, { token })).status).toBe(204);
      expect((await content(app, file.public_url!)).status).toBe(404);
    } finally {
      await app.close();
      await s3.close();
    }
  });
});

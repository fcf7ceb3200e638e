import { mediaFileSchema, type MediaFile } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { tokenFor } from '../ingest/test-fixtures.ts';
import { CERRO, demoIds, OUSE } from '../ui/test-fixtures.ts';
import { content, createRecord, grantEveryone, MEDIA, pngImage, uploadFile } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
let admin: string;
let manager: string;
let operator: string;
let ouseAdmin: string;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  // Who may upload, tag and delete is media-roles.test.ts's subject: here everyone may.
  await grantEveryone(t, cerro);
  admin = await tokenFor(t, 'admin', cerro);
  manager = await tokenFor(t, 'manager', cerro);
  operator = await tokenFor(t, 'operator', cerro);
  ouseAdmin = await tokenFor(t, 'admin', await demoIds(t).project(OUSE));
  png = await pngImage(64, 48);
});
afterAll(() => t.close());

const unique = (stem: string, extension = 'png') => `${stem}-${Math.random().toString(36).slice(2, 8)}.${extension}`;

describe('POST /media/api/v1/files/', () => {
  it('creates the record before its bytes: not uploaded, no public URL, the label its file name', async () => {
    const name = unique('crest');
    const file = mediaFileSchema.parse(
      await createRecord(t, operator, name, 'image/png', { tags: ['crest', ' crest '] }),
    );
    expect(file).toMatchObject({ original_filename: name, label: name, is_uploaded: false, public_url: null });
    expect(file).toMatchObject({ is_thumbnail: false, created_by: 'operator', tags: ['crest'], size: null });
    expect(file.thumbnail_type, 'images get the default thumbnail type').not.toBeNull();
    const pdf = await createRecord(t, operator, unique('report', 'pdf'), 'application/pdf');
    expect(pdf.thumbnail_type).toBeNull();
  });

  it('refuses missing fields, unknown fields and a type that is not its extension’s', async () => {
    const missing = await t.call('POST', `${MEDIA}/files/`, { token: operator, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error_type).toBe('ValidationError');
    expect(Object.keys(missing.body.details)).toEqual(expect.arrayContaining(['original_filename', 'mime_type']));
    const cases: Array<[object, string]> = [
      [{ original_filename: unique('a'), mime_type: 'image/jpeg' }, 'mime_type'],
      [{ original_filename: unique('page', 'html'), mime_type: 'text/html' }, 'mime_type'],
      [{ original_filename: '../../etc/passwd.png', mime_type: 'image/png' }, 'original_filename'],
      [{ original_filename: unique('a'), mime_type: 'image/png', size: 3 }, 'size'],
      [{ original_filename: unique('a'), mime_type: 'image/png', thumbnail_type: 'no-such-type' }, 'thumbnail_type'],
      [{ original_filename: unique('a'), mime_type: 'image/png', tags: 'one' }, 'tags'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', `${MEDIA}/files/`, { token: operator, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.details), JSON.stringify(res.body)).toContain(field);
    }
  });

  it("answers 409 'File aready exists in the system' for a trimmed label or file name already taken", async () => {
    const name = unique('spillway');
    await uploadFile(t, operator, name, 'image/png', png);
    for (const body of [
      { original_filename: name, mime_type: 'image/png' },
      { original_filename: unique('other'), label: `  ${name} `, mime_type: 'image/png' },
      { original_filename: `  ${name}`, label: 'Another label', mime_type: 'image/png' },
    ]) {
      const res = await t.call('POST', `${MEDIA}/files/`, { token: operator, body });
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body).toEqual({ error_type: 'Conflict', message: 'File aready exists in the system' });
    }
    // Another project may hold the same name.
    expect(
      (
        await t.call('POST', `${MEDIA}/files/`, {
          token: ouseAdmin,
          body: { original_filename: name, mime_type: 'image/png' },
        })
      ).status,
    ).toBe(201);
  });

  it('is refused without a session', async () => {
    expect(
      (await t.call('POST', `${MEDIA}/files/`, { body: { original_filename: 'x.png', mime_type: 'image/png' } }))
        .status,
    ).toBe(401);
  });
});

describe('GET /media/api/v1/files/', () => {
  it('lists uploaded files only, newest first, 100 a page, with their thumbnails and without thumbnails as files', async () => {
    const uploaded = await uploadFile(t, operator, unique('listed'), 'image/png', png);
    const pending = await createRecord(t, operator, unique('pending'), 'image/png');
    const res = await t.call('GET', `${MEDIA}/files/?exclude_thumbnails=true`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.paginate_by).toBe(100);
    const files = res.body.objects as MediaFile[];
    const ids = files.map((f) => f.id);
    expect(ids).toContain(uploaded.id);
    expect(ids).not.toContain(pending.id);
    expect(files.every((f) => f.is_uploaded && !f.is_thumbnail)).toBe(true);
    const created = files.map((f) => f.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const listed = files.find((f) => f.id === uploaded.id)!;
    expect(listed.thumbnails.map((th) => th.name).sort()).toEqual(['medium', 'small']);

    const withThumbnails = await t.call('GET', `${MEDIA}/files/?exclude_thumbnails=false&paginate_by=1000`, {
      token: operator,
    });
    const thumbnailIds = listed.thumbnails.map((th) => th.file.id);
    const all = withThumbnails.body.objects as MediaFile[];
    expect(all.filter((f) => thumbnailIds.includes(f.id)).every((f) => f.is_thumbnail)).toBe(true);
    expect(withThumbnails.body.count).toBe(res.body.count + all.filter((f) => f.is_thumbnail).length);
  });

  it('pages, filters and leaves out excluded fields', async () => {
    const name = unique('filtered');
    await uploadFile(t, operator, name, 'image/png', png);
    const res = await t.call(
      'GET',
      `${MEDIA}/files/?label=${name}&excluded_fields=description,created_by,modified_by,is_thumbnail`,
      { token: operator },
    );
    expect(res.body.count).toBe(1);
    expect(res.body.objects[0].label).toBe(name);
    for (const field of ['description', 'created_by', 'modified_by', 'is_thumbnail']) {
      expect(res.body.objects[0]).not.toHaveProperty(field);
    }
    const page = await t.call('GET', `${MEDIA}/files/?paginate_by=1&page=2`, { token: operator });
    expect(page.body).toMatchObject({ page: 2, paginate_by: 1 });
    expect(page.body.objects).toHaveLength(1);
    expect((await t.call('GET', `${MEDIA}/files/?colour=red`, { token: operator })).status).toBe(400);
    expect((await t.call('GET', `${MEDIA}/files/?exclude_thumbnails=maybe`, { token: operator })).status).toBe(400);
  });
});

describe('GET, PATCH and DELETE /media/api/v1/files/{id}/', () => {
  it("answers 404 'Error retrieving the file with Id: {id}' for an unknown id and 400 for a malformed one", async () => {
    const res = await t.call('GET', `${MEDIA}/files/no-such-file/`, { token: operator });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error_type: 'NotFound', message: 'Error retrieving the file with Id: no-such-file' });
    expect((await t.call('GET', `${MEDIA}/files/bad.id/`, { token: operator })).status).toBe(400);
  });

  it("keeps another project's files out of reach: 404 for every call", async () => {
    const file = await uploadFile(t, operator, unique('isolated'), 'image/png', png);
    const calls: Array<[string, string, object?]> = [
      ['GET', `${MEDIA}/files/${file.id}/`],
      ['PATCH', `${MEDIA}/files/${file.id}/`, { label: 'taken over' }],
      ['DELETE', `${MEDIA}/files/${file.id}/`],
      ['GET', `${MEDIA}/files/${file.id}/upload-url/`],
      ['GET', `${MEDIA}/files/${file.id}/process/`],
      ['GET', `${MEDIA}/files/${file.id}/process-thumbnails/`],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { token: ouseAdmin, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const listed = await t.call('GET', `${MEDIA}/files/?paginate_by=1000`, { token: ouseAdmin });
    expect(listed.body.objects.map((f: MediaFile) => f.id)).not.toContain(file.id);
    expect((await t.call('GET', `${MEDIA}/files/${file.id}/`, { token: operator })).status).toBe(200);
  });

  it("renames, tags and changes attrs, only the fields sent; a taken name is 409 'File name already exists in system'", async () => {
    const first = await uploadFile(t, operator, unique('first'), 'image/png', png, { description: 'kept' });
    const second = await uploadFile(t, operator, unique('second'), 'image/png', png);
    const renamed = await t.call('PATCH', `${MEDIA}/files/${first.id}/`, {
      token: operator,
      body: { label: ' Crest, east ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      label: 'Crest, east',
      description: 'kept',
      original_filename: first.original_filename,
    });
    const tagged = await t.call('PATCH', `${MEDIA}/files/${first.id}/`, {
      token: operator,
      body: { tags: ['crest', 'east'] },
    });
    expect(tagged.body).toMatchObject({ label: 'Crest, east', tags: ['crest', 'east'] });
    for (const label of [second.label, second.original_filename, ` ${second.label} `]) {
      const res = await t.call('PATCH', `${MEDIA}/files/${first.id}/`, { token: operator, body: { label } });
      expect(res.status, label).toBe(409);
      expect(res.body).toEqual({ error_type: 'Conflict', message: 'File name already exists in system' });
    }
    expect(
      (await t.call('PATCH', `${MEDIA}/files/${first.id}/`, { token: operator, body: { label: 'Crest, east' } }))
        .status,
    ).toBe(200);
    const bad = await t.call('PATCH', `${MEDIA}/files/${first.id}/`, { token: operator, body: { label: '', size: 4 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details).sort()).toEqual(['label', 'size']);
  });

  it('lets operators change only their own files; managers and administrators change anyone’s', async () => {
    const managers = await uploadFile(t, manager, unique('managers'), 'image/png', png);
    expect(
      (await t.call('PATCH', `${MEDIA}/files/${managers.id}/`, { token: operator, body: { tags: ['x'] } })).status,
    ).toBe(403);
    expect((await t.call('DELETE', `${MEDIA}/files/${managers.id}/`, { token: operator })).status).toBe(403);
    const operators = await uploadFile(t, operator, unique('operators'), 'image/png', png);
    expect(
      (await t.call('PATCH', `${MEDIA}/files/${operators.id}/`, { token: manager, body: { tags: ['y'] } })).status,
    ).toBe(200);
    expect((await t.call('DELETE', `${MEDIA}/files/${operators.id}/`, { token: admin })).status).toBe(204);
  });

  it('deletes the record, its thumbnails and their bytes', async () => {
    const file = await uploadFile(t, operator, unique('deleted'), 'image/png', png);
    const paths = [file.public_url!, ...file.thumbnails.map((th) => th.file.public_url!)];
    for (const path of paths) expect((await content(t, path)).status).toBe(200);
    expect((await t.call('DELETE', `${MEDIA}/files/${file.id}/`, { token: operator })).status).toBe(204);
    expect((await t.call('GET', `${MEDIA}/files/${file.id}/`, { token: operator })).status).toBe(404);
    for (const path of paths) expect((await content(t, path)).status).toBe(404);
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${t.dataDir}/media/${cerro}/${file.id}`)).toBe(false);
    const again = await t.call('DELETE', `${MEDIA}/files/${file.id}/`, { token: operator });
    expect(again.body.message).toBe(`Error retrieving the file with Id: ${file.id}`);
  });
});

describe('thumbnail types', () => {
  it('are created with small and medium by default, checked, and deleted once no file uses them', async () => {
    const created = await t.call('POST', `${MEDIA}/thumbnail-types/`, { token: manager, body: { name: 'Plain' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Plain',
      auto_process: false,
      dimensions: [
        { name: 'small', width: 120, height: 120 },
        { name: 'medium', width: 240, height: 240 },
      ],
    });
    const file = await createRecord(t, operator, unique('typed'), 'image/png', { thumbnail_type: created.body.id });
    expect(file.thumbnail_type).toBe(created.body.id);
    for (const body of [
      {},
      { name: 'x', dimensions: [] },
      { name: 'x', dimensions: [{ name: 'a/b', width: 1, height: 1 }] },
      { name: 'x', dimensions: [{ name: 'a', width: 0, height: 1 }] },
      {
        name: 'x',
        dimensions: [
          { name: 'a', width: 1, height: 1 },
          { name: 'a', width: 2, height: 2 },
        ],
      },
    ]) {
      expect(
        (await t.call('POST', `${MEDIA}/thumbnail-types/`, { token: manager, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await t.call('DELETE', `${MEDIA}/thumbnail-types/${created.body.id}/`, { token: ouseAdmin })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `${MEDIA}/thumbnail-types/${created.body.id}/`, { token: admin })).status).toBe(409);
    await t.call('PATCH', `${MEDIA}/files/${file.id}/`, { token: operator, body: { thumbnail_type: null } });
    expect((await t.call('DELETE', `${MEDIA}/thumbnail-types/${created.body.id}/`, { token: admin })).status).toBe(204);
    const gone = await t.call('DELETE', `${MEDIA}/thumbnail-types/${created.body.id}/`, { token: admin });
    expect(gone.body.message).toBe(`Failed to delete the thumbnail-type with id ${created.body.id}`);
  });
});

describe('the media service prefix', () => {
  it('answers 404 NotFound in the error shape for a path no route answers', async () => {
    const res = await t.call('GET', `${MEDIA}/no-such-thing`, { token: operator });
    expect(res.status).toBe(404);
    expect(res.body.error_type).toBe('NotFound');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJson, toJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { tokenFor } from '../ingest/test-fixtures.ts';
import { CERRO, demoIds } from '../ui/test-fixtures.ts';
import {
  createRecord,
  grantFileManager,
  MEDIA,
  multipart,
  pngImage,
  postForm,
  uploadFile,
  uploadUrl,
} from './test-fixtures.ts';

// The demo's file manager (seed.ts): upload for administrators and managers, delete for
// administrators, tag (role-scoped by the project's attrs) for administrators and managers.
let t: TestApp;
let cerro: string;
let admin: string;
let manager: string;
let operator: string;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  admin = await tokenFor(t, 'admin', cerro);
  manager = await tokenFor(t, 'manager', cerro);
  operator = await tokenFor(t, 'operator', cerro);
  png = await pngImage(32, 24);
});
afterAll(() => t.close());

const unique = (stem: string) => `${stem}-${Math.random().toString(36).slice(2, 8)}.png`;
const forbidden = { error_type: 'Forbidden', message: 'You do not have permission to perform this action' };

describe('thumbnail types', () => {
  it('are created by administrators and managers only', async () => {
    const refused = await t.call('POST', `${MEDIA}/thumbnail-types/`, { token: operator, body: { name: 'Op' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(forbidden);
    for (const token of [admin, manager]) {
      expect((await t.call('POST', `${MEDIA}/thumbnail-types/`, { token, body: { name: 'Kept' } })).status).toBe(201);
    }
  });

  it('are deleted by administrators only, and not while files use them (409 naming how many)', async () => {
    const type = (await t.call('POST', `${MEDIA}/thumbnail-types/`, { token: manager, body: { name: 'Used' } })).body;
    for (const token of [operator, manager]) {
      const res = await t.call('DELETE', `${MEDIA}/thumbnail-types/${type.id}/`, { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    const files = [
      await createRecord(t, admin, unique('typed-a'), 'image/png', { thumbnail_type: type.id }),
      await createRecord(t, manager, unique('typed-b'), 'image/png', { thumbnail_type: type.id }),
    ];
    const inUse = await t.call('DELETE', `${MEDIA}/thumbnail-types/${type.id}/`, { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({ error_type: 'Conflict', message: 'The thumbnail type is used by 2 files' });
    expect((await t.call('GET', `${MEDIA}/files/${files[0]!.id}/`, { token: admin })).body.thumbnail_type).toBe(
      type.id,
    );
    for (const file of files) await t.call('DELETE', `${MEDIA}/files/${file.id}/`, { token: admin });
    expect((await t.call('DELETE', `${MEDIA}/thumbnail-types/${type.id}/`, { token: admin })).status).toBe(204);
  });
});

describe("the project's file manager features, enforced by the server", () => {
  it('refuses upload to a role it is not granted: creating the record and asking for an upload URL', async () => {
    const refused = await t.call('POST', `${MEDIA}/files/`, {
      token: operator,
      body: { original_filename: unique('op'), mime_type: 'image/png' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(forbidden);
    const record = await createRecord(t, manager, unique('managers'), 'image/png');
    expect((await t.call('GET', `${MEDIA}/files/${record.id}/upload-url/`, { token: operator })).status).toBe(403);
    const { url, fields } = await uploadUrl(t, manager, record.id);
    expect((await postForm(t, url, multipart(fields, { name: 'x.png', type: 'image/png', bytes: png }))).status).toBe(
      200,
    );
  });

  it('refuses delete to roles it is not granted, even for their own files', async () => {
    const file = await uploadFile(t, manager, unique('kept'), 'image/png', png);
    const refused = await t.call('DELETE', `${MEDIA}/files/${file.id}/`, { token: manager });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(forbidden);
    expect((await t.call('DELETE', `${MEDIA}/files/${file.id}/`, { token: admin })).status).toBe(204);
  });

  it('lets an uploader withdraw his own upload that has not been processed, as cancelling does', async () => {
    const record = await createRecord(t, manager, unique('cancelled'), 'image/png');
    expect((await t.call('DELETE', `${MEDIA}/files/${record.id}/`, { token: manager })).status).toBe(204);
  });

  it('refuses a change of tags to roles without tag; renaming is not tagging', async () => {
    await grantFileManager(t, cerro, { upload: ['Administrator', 'Manager', 'Operator'] });
    const file = await uploadFile(t, operator, unique('operators'), 'image/png', png);
    const tagged = await t.call('PATCH', `${MEDIA}/files/${file.id}/`, { token: operator, body: { tags: ['crest'] } });
    expect(tagged.status).toBe(403);
    expect(tagged.body).toEqual(forbidden);
    const renamed = await t.call('PATCH', `${MEDIA}/files/${file.id}/`, { token: operator, body: { label: 'Own' } });
    expect(renamed.status).toBe(200);
    expect(
      (await t.call('PATCH', `${MEDIA}/files/${file.id}/`, { token: manager, body: { tags: ['crest'] } })).body.tags,
    ).toEqual(['crest']);
  });

  it('follows a grant: the operator uploads once upload is his, and a feature not role-scoped is everyone’s', async () => {
    await grantFileManager(t, cerro, { upload: ['Administrator', 'Manager', 'Operator'] });
    await uploadFile(t, operator, unique('granted'), 'image/png', png);
    await grantFileManager(t, cerro, { upload: ['Administrator'] });
    expect(
      (
        await t.call('POST', `${MEDIA}/files/`, {
          token: manager,
          body: { original_filename: unique('revoked'), mime_type: 'image/png' },
        })
      ).status,
    ).toBe(403);

    const row = await t.db.selectFrom('projects').select('attrs').where('id', '=', cerro).executeTakeFirstOrThrow();
    const attrs = fromJson<any>(row.attrs, {});
    attrs.features.FileManager.delete = { enabled: true, scope: 'project' };
    await t.db
      .updateTable('projects')
      .set({ attrs: toJson(attrs) })
      .where('id', '=', cerro)
      .execute();
    const file = await uploadFile(t, admin, unique('anyones'), 'image/png', png);
    expect((await t.call('DELETE', `${MEDIA}/files/${file.id}/`, { token: manager })).status).toBe(204);
  });
});

import { expect } from 'vitest';
import type { MediaFile, UploadUrl } from '@vigil/domain';
import sharp from 'sharp';
import type { TestApp } from '../../test-support/test-app.ts';

export const MEDIA = '/media/api/v1';

/** A real PNG of the given size (a colour gradient, so that it compresses like a photo would not). */
export function pngImage(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set([i % 251, (i * 7) % 253, (i * 13) % 255], i * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body: the fields first, then the file last (as S3's POST policy wants it). */
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----vigil${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs a multipart form to a path, as the browser does after upload-url (no session header). */
export async function postForm(t: TestApp, url: string, form: ReturnType<typeof multipart>) {
  const res = await t.app.inject({ method: 'POST', url, payload: form.payload, headers: form.headers });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined, headers: res.headers };
}

/** A file record of `name` (label = name unless given). */
export async function createRecord(t: TestApp, token: string, name: string, mimeType: string, extra: object = {}) {
  const res = await t.call('POST', `${MEDIA}/files/`, {
    token,
    body: { original_filename: name, mime_type: mimeType, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as MediaFile;
}

export async function uploadUrl(t: TestApp, token: string, id: string): Promise<UploadUrl> {
  const res = await t.call('GET', `${MEDIA}/files/${id}/upload-url/`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as UploadUrl;
}

/**
 * The whole flow of requirements#monitoring-states through HTTP: record, upload, process; answers the processed file.
 */
export async function uploadFile(t: TestApp, token: string, name: string, mimeType: string, bytes: Buffer, extra = {}) {
  const record = await createRecord(t, token, name, mimeType, extra);
  const { url, fields } = await uploadUrl(t, token, record.id);
  const uploaded = await postForm(t, url, multipart(fields, { name, type: mimeType, bytes }));
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const processed = await t.call('GET', `${MEDIA}/files/${record.id}/process/`, { token });
  expect(processed.status, JSON.stringify(processed.body)).toBe(200);
  return processed.body as MediaFile;
}

/** The bytes of a served file. */
export async function content(t: TestApp, path: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    headers: token ? { authorization: `Token ${token}` } : {},
  });
  return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers };
}

/**
 * Gives the file manager's role-scoped features (upload, delete, tag) to the named roles of a project,
 * through the administrators' API, as a site that lets them do so would.
 */
export async function grantFileManager(t: TestApp, projectId: string, grants: Record<string, string[]>) {
  const admin = await t.login('admin');
  const roles = await t.db.selectFrom('roles').select(['id', 'name']).where('project_id', '=', projectId).execute();
  const idOf = (name: string) => roles.find((r) => r.name === name)!.id;
  const body = { FileManager: Object.fromEntries(Object.entries(grants).map(([f, names]) => [f, names.map(idOf)])) };
  const res = await t.call('PATCH', `/ui/api/v1/projects/${projectId}/role-features`, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Every role of the demo may upload, tag and delete: tests of other rules start from here. */
export const grantEveryone = (t: TestApp, projectId: string) => {
  const all = ['Administrator', 'Manager', 'Operator'];
  return grantFileManager(t, projectId, { upload: all, delete: all, tag: all });
};

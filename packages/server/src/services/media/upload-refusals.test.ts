import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { MEDIA_MAX_FILE_SIZE, MEDIA_MESSAGES, type MediaFile } from '@vigil/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { tokenFor } from '../ingest/test-fixtures.ts';
import { CERRO, demoIds } from '../ui/test-fixtures.ts';
import { mediaKey } from './storage/media-storage.ts';
import {
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
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  await grantEveryone(t, cerro);
  operator = await tokenFor(t, 'operator', cerro);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const unique = (stem: string, extension = 'png') => `${stem}-${Math.random().toString(36).slice(2, 8)}.${extension}`;

/** An answer read off the socket: its status, its head, and how many bytes it took. */
interface RawAnswer {
  status: number;
  headers: string;
  length: number;
}

/**
 * One keep-alive connection, as a browser's: sends a whole request, reads one answer; then sends a
 * second request and says what came of it — an answer, the connection closed, or nothing (it hangs).
 */
async function twoRequestsOnOneSocket(request: Buffer, then: Buffer) {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = Buffer.alloc(0);
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  socket.on('close', () => (closed = true));
  socket.on('end', () => (closed = true));
  const waitFor = async <T>(check: () => T | undefined, ms: number): Promise<T | undefined> => {
    for (const until = Date.now() + ms; Date.now() < until;) {
      const value = check();
      if (value !== undefined) return value;
      await new Promise((r) => setTimeout(r, 20));
    }
    return check();
  };
  /** The answer at the start of `received`, once whole (its body sized by content-length). */
  const answer = (): RawAnswer | undefined => {
    const end = received.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const headers = received.subarray(0, end).toString('latin1');
    const length = Number(/content-length:\s*(\d+)/i.exec(headers)?.[1] ?? 0);
    if (received.length < end + 4 + length) return undefined;
    return { status: Number(headers.split(' ')[1]), headers, length: end + 4 + length };
  };
  try {
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(request);
    const first = await waitFor(answer, 10_000);
    if (!first) throw new Error('no answer to the first request');
    received = received.subarray(first.length);
    if (!closed) socket.write(then);
    const next = await waitFor(() => answer() ?? (closed ? 'closed' : undefined), 5_000);
    return { first, next: next ?? 'hangs' };
  } finally {
    socket.destroy();
  }
}

const rawRequest = (head: string, body: Buffer = Buffer.alloc(0)) => Buffer.concat([Buffer.from(head), body]);
const uploadRequest = (url: string, form: ReturnType<typeof multipart>) =>
  rawRequest(
    `POST ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n` +
      `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
    form.payload,
  );
const probe = rawRequest(`GET ${MEDIA}/no-such-thing HTTP/1.1\r\nHost: localhost\r\n\r\n`);

describe('an upload refused before its body is read', () => {
  it('closes its connection after a 413, so that the next request on the socket is not stuck behind it', async () => {
    const record = await createRecord(t, operator, unique('huge', 'bin'), 'application/octet-stream');
    const { url, fields } = await uploadUrl(t, operator, record.id);
    const bytes = Buffer.alloc(MEDIA_MAX_FILE_SIZE + 1024 * 1024, 7);
    const { first: refused, next } = await twoRequestsOnOneSocket(
      uploadRequest(url, multipart(fields, { name: 'huge.bin', type: 'application/octet-stream', bytes })),
      probe,
    );
    expect(refused.status).toBe(413);
    expect(refused.headers).toMatch(/^connection: close$/im);
    expect(next).not.toBe('hangs');
  });

  it('closes its connection after a refused ticket too', async () => {
    const record = await createRecord(t, operator, unique('unticketed'), 'image/png');
    const bytes = Buffer.alloc(2 * 1024 * 1024, 9);
    const { first: refused, next } = await twoRequestsOnOneSocket(
      uploadRequest(
        `${MEDIA}/files/${record.id}/upload/`,
        multipart({ ticket: 'x'.repeat(43) }, { name: 'x.png', type: 'image/png', bytes }),
      ),
      probe,
    );
    expect(refused.status).toBe(401);
    expect(refused.headers).toMatch(/^connection: close$/im);
    expect(next).not.toBe('hangs');
  });

  it('keeps the connection of an accepted upload for the next request', async () => {
    const record = await createRecord(t, operator, unique('accepted'), 'image/png');
    const { url, fields } = await uploadUrl(t, operator, record.id);
    const bytes = await pngImage(40, 30);
    const { first: accepted, next } = await twoRequestsOnOneSocket(
      uploadRequest(url, multipart(fields, { name: 'a.png', type: 'image/png', bytes })),
      probe,
    );
    expect(accepted.status).toBe(200);
    expect(next).toMatchObject({ status: 404 });
  });

  it('answers a body that is not multipart with 415 UnsupportedMediaType in the error shape', async () => {
    const record = await createRecord(t, operator, unique('json'), 'image/png');
    const { url, fields } = await uploadUrl(t, operator, record.id);
    const res = await t.call('POST', url, { body: fields });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      error_type: 'UnsupportedMediaType',
      message: 'An upload is sent as multipart/form-data',
    });
  });
});

describe('a range past the end of a file', () => {
  it('answers 416 RangeNotSatisfiable in the error shape, with the size in content-range', async () => {
    const bytes = Buffer.from('time,level\n1,2\n');
    const file = await uploadFile(t, operator, unique('short', 'csv'), 'text/csv', bytes);
    const res = await t.call('GET', file.public_url!, { headers: { range: `bytes=${bytes.length}-` } });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      error_type: 'RangeNotSatisfiable',
      message: 'The range starts past the end of the file',
    });
  });
});

/** A PNG whose header says `width` × `height` (its CRC made right), over the pixels of a small one. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(await pngImage(8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('images that could never be processed', () => {
  async function upload(name: string, bytes: Buffer) {
    const record = await createRecord(t, operator, name, 'image/png');
    const { url, fields } = await uploadUrl(t, operator, record.id);
    const res = await postForm(t, url, multipart(fields, { name, type: 'image/png', bytes }));
    const after = (await t.call('GET', `${MEDIA}/files/${record.id}/`, { token: operator })).body as MediaFile;
    return { ...res, after };
  }

  it('refuses a PNG with a broken checksum: 400 ValidationError naming file, nothing kept', async () => {
    const png = Buffer.from(await pngImage(64, 48));
    const idat = png.indexOf('IDAT');
    png[idat + 4 + png.readUInt32BE(idat - 4)]! ^= 0xff;
    const res = await upload(unique('broken'), png);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error_type: 'ValidationError',
      message: MEDIA_MESSAGES.imageUnreadable,
      details: { file: [MEDIA_MESSAGES.imageUnreadable] },
    });
    expect(res.after).toMatchObject({ is_uploaded: false, size: null });
  });

  it('refuses images over 30,000 pixels on a side or 100 megapixels', async () => {
    const tall = await sharp({ create: { width: 1, height: 4_000_000, channels: 3, background: '#446688' } })
      .png()
      .toBuffer();
    for (const [name, bytes] of [
      [unique('tall'), tall],
      [unique('wide'), await pngClaiming(30_001, 10)],
      [unique('vast'), await pngClaiming(12_000, 9_000)],
    ] as const) {
      const res = await upload(name, bytes);
      expect(res.status, name).toBe(400);
      expect(res.body.details, name).toEqual({ file: [MEDIA_MESSAGES.imageTooLarge] });
      expect(res.after.is_uploaded, name).toBe(false);
    }
    const fits = await upload(unique('fits'), await pngImage(300, 10));
    expect(fits.status).toBe(200);
  });

  it('marks a file whose processing fails as failed, so that the uploader is told instead of waiting', async () => {
    const record = await createRecord(t, operator, unique('lost'), 'image/png');
    const { url, fields } = await uploadUrl(t, operator, record.id);
    const bytes = await pngImage(40, 30);
    expect((await postForm(t, url, multipart(fields, { name: 'l.png', type: 'image/png', bytes }))).status).toBe(200);
    // The stored bytes vanish before processing (a bucket emptied, a disk replaced).
    rmSync(`${t.dataDir}/media/${mediaKey(cerro, record.id)}`);
    const processed = await t.call('GET', `${MEDIA}/files/${record.id}/process/`, { token: operator });
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({ public_url: null, processing_failed: true });
    const read = await t.call('GET', `${MEDIA}/files/${record.id}/`, { token: operator });
    expect(read.body).toMatchObject({ public_url: null, processing_failed: true });
    const ok = await uploadFile(t, operator, unique('fine'), 'image/png', bytes);
    expect(ok.processing_failed).toBe(false);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStorage } from './folder-storage.ts';
import { mediaKey, readAll, type MediaStorage } from './media-storage.ts';
import { parseS3Url, s3Storage } from './s3-storage.ts';
import { startTestS3 } from './test-s3-server.ts';

const work = mkdtempSync(join(tmpdir(), 'vigil-storage-'));
let s3: Awaited<ReturnType<typeof startTestS3>>;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
  rmSync(work, { recursive: true, force: true });
});

const adapters: Array<[string, () => MediaStorage]> = [
  ['a folder', () => folderStorage(join(work, 'media'))],
  ['an S3 bucket (s3rver)', () => s3Storage(s3.url, 'us-east-1')],
];

describe.each(adapters)('media storage in %s', (_name, create) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = create();
  });
  afterAll(() => storage.close());

  it('stores bytes and a finished upload on disk, and reads them back exactly', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    await storage.put(mediaKey('p1', 'thumb'), { bytes }, 'image/png');
    expect(await readAll((await storage.read(mediaKey('p1', 'thumb')))!)).toEqual(bytes);

    const large = Buffer.alloc(3 * 1024 * 1024 + 7, 0xab);
    const path = join(work, 'upload.part');
    writeFileSync(path, large);
    await storage.put(mediaKey('p1', 'original'), { path, size: large.length }, 'application/octet-stream');
    expect((await readAll((await storage.read(mediaKey('p1', 'original')))!)).equals(large)).toBe(true);
  });

  it('reads a range of bytes, its end included (a video seeking)', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await storage.put(mediaKey('p1', 'ranged'), { bytes }, 'video/mp4');
    const part = await readAll((await storage.read(mediaKey('p1', 'ranged'), { start: 10, end: 19 }))!);
    expect([...part]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const tail = await readAll((await storage.read(mediaKey('p1', 'ranged'), { start: 250, end: 255 }))!);
    expect([...tail]).toEqual([250, 251, 252, 253, 254, 255]);
  });

  it('answers null for a key that holds nothing, and removes keys, ignoring missing ones', async () => {
    expect(await storage.read(mediaKey('p1', 'missing'))).toBeNull();
    await storage.put(mediaKey('p2', 'a'), { bytes: Buffer.from('a') }, 'text/plain');
    await storage.remove([mediaKey('p2', 'a'), mediaKey('p2', 'never-stored')]);
    expect(await storage.read(mediaKey('p2', 'a'))).toBeNull();
    await storage.remove([]);
  });

  it('keeps projects apart: the same file id in two projects is two objects', async () => {
    await storage.put(mediaKey('p3', 'same'), { bytes: Buffer.from('three') }, 'text/plain');
    await storage.put(mediaKey('p4', 'same'), { bytes: Buffer.from('four') }, 'text/plain');
    expect((await readAll((await storage.read(mediaKey('p3', 'same')))!)).toString()).toBe('three');
    expect((await readAll((await storage.read(mediaKey('p4', 'same')))!)).toString()).toBe('four');
  });
});

describe('media keys', () => {
  it('are made of ids only: a name with a slash or dots is refused', () => {
    expect(mediaKey('p', 'f-1_2')).toBe('p/f-1_2');
    for (const bad of ['../etc', 'a/b', 'x.png', '']) expect(() => mediaKey('p', bad)).toThrow();
  });
});

describe('S3_URL', () => {
  it('names the endpoint, the bucket, a key prefix and credentials', () => {
    expect(parseS3Url('https://AK:S%2Fx@minio.site:9000/vigil/media/prod')).toEqual({
      endpoint: 'https://minio.site:9000',
      bucket: 'vigil',
      prefix: 'media/prod/',
      credentials: { accessKeyId: 'AK', secretAccessKey: 'S/x' },
    });
    expect(parseS3Url('http://127.0.0.1:4569/b').credentials).toBeUndefined();
  });
});

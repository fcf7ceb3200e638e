import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaFile, UploadUrl } from '@vigil/domain';
import sharp from 'sharp';
import { DEMO_PASSWORD, DEMO_PROJECTS } from '../packages/server/src/demo/site.ts';
import { demoApp } from './demo-app.ts';
import { percentile, until } from './measure.ts';
import { machine } from './report.ts';

/**
 * Issue 21's budgets through real HTTP: a 5 MB JPEG created, uploaded, processed and given its
 * thumbnails (small and medium), end to end as the file manager does it (p50 ≤ 1.5 s); and the
 * files list of a library of 1,000 files in one call (p50 ≤ 50 ms).
 */
const UPLOADS = 15;
const LIBRARY = 1000;
const LIST_CALLS = 200;

/** A photo-sized JPEG of about 5 MB: noise, which JPEG cannot squeeze. */
async function fiveMegabyteJpeg(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2_654_435_761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function main() {
  const command = process.env.BENCH_COMMAND ?? 'npx node bench/media.ts';
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-media-'));
  const { app, db } = await demoApp(dataDir);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const call = async <T>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const login = await fetch(`${base}/auth/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', DEMO_PROJECTS[0].name)
      .executeTakeFirstOrThrow();
    await call('POST', '/auth/api/v1/users/switch-data-context', token, { data_context: project.id });

    /** The file manager's flow (requirements#monitoring-states): record, upload URL, multipart POST, process, poll. */
    async function upload(name: string, type: string, bytes: Buffer): Promise<MediaFile> {
      const record = await call<MediaFile>('POST', '/media/api/v1/files/', token, {
        original_filename: name,
        mime_type: type,
      });
      const { url, fields } = await call<UploadUrl>('GET', `/media/api/v1/files/${record.id}/upload-url/`, token);
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const posted = await fetch(`${base}${url}`, { method: 'POST', body: form });
      if (posted.status !== 200) throw new Error(`upload: ${posted.status} ${await posted.text()}`);
      let file = await call<MediaFile>('GET', `/media/api/v1/files/${record.id}/process/`, token);
      await until(`${name} processed (its public_url)`, 60_000, async () => {
        if (file.public_url) return true;
        file = await call<MediaFile>('GET', `/media/api/v1/files/${record.id}/`, token);
        return Boolean(file.public_url);
      });
      if (type === 'image/jpeg' && file.thumbnails.length < 2) throw new Error('no thumbnails');
      return file;
    }

    const jpeg = await fiveMegabyteJpeg();
    const uploadMs: number[] = [];
    for (let i = -2; i < UPLOADS; i++) {
      const started = performance.now();
      await upload(`bench-photo-${i + 2}.jpg`, 'image/jpeg', jpeg);
      if (i >= 0) uploadMs.push(performance.now() - started);
    }

    const small = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#5b7f9a' } })
      .png()
      .toBuffer();
    const existing = (await call<{ count: number }>('GET', '/media/api/v1/files/?paginate_by=1', token)).count;
    for (let i = existing; i < LIBRARY; i++) await upload(`bench-library-${i}.png`, 'image/png', small);
    const listMs: number[] = [];
    const listUrl = `${base}/media/api/v1/files/?exclude_thumbnails=true&paginate_by=1000`;
    let listed = 0;
    for (let i = -10; i < LIST_CALLS; i++) {
      const started = performance.now();
      const res = await fetch(listUrl, { headers: { authorization: `Token ${token}` } });
      const body = (await res.json()) as { objects: unknown[] };
      listed = body.objects.length;
      if (i >= 0) listMs.push(performance.now() - started);
    }

    const p50Upload = percentile(uploadMs, 50);
    const p50List = percentile(listMs, 50);
    const section = [
      '',
      `## ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC: media uploads and the files list (issue 21)`,
      '',
      `- machine: ${machine()}`,
      `- Node ${process.version}`,
      `- command: \`${command}\``,
      '- set-up: in-process server on a temporary SQLite file, media in a folder, HTTP over 127.0.0.1; the file manager’s flow (record, upload URL, multipart POST, process, poll every 50 ms)',
      '',
      '| measurement | calls | p50 ms | p99 ms | budget |',
      '| --- | ---: | ---: | ---: | --- |',
      `| ${(jpeg.length / 1e6).toFixed(1)} MB JPEG (3000 × 2000) uploaded, processed, thumbnails small and medium | ${uploadMs.length} | ${p50Upload.toFixed(0)} | ${percentile(uploadMs, 99).toFixed(0)} | ≤ 1500 p50: ${p50Upload <= 1500 ? 'met' : 'NOT met'} |`,
      `| GET files/?exclude_thumbnails=true&paginate_by=1000 (${listed} files with thumbnails) | ${listMs.length} | ${p50List.toFixed(1)} | ${percentile(listMs, 99).toFixed(1)} | ≤ 50 p50: ${p50List <= 50 ? 'met' : 'NOT met'} |`,
      '',
    ].join('\n');
    appendFileSync(join(import.meta.dirname, 'RESULTS.md'), section);
    console.log(section);
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

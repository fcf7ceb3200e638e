import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PROJECTS } from './demo/site.ts';
import { createTestSchema, type TestSchema } from './test-support/postgres-schema.ts';
import { TEST_DIALECT } from './test-support/test-app.ts';

// The real process, started the way `npm start` starts it: config from the environment, migrations,
// demo seed, the built web app (`npm test` builds it first), signals.
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WEB_INDEX = fileURLToPath(new URL('../../web/dist/index.html', import.meta.url));

function builtWebApp(): string {
  if (!existsSync(WEB_INDEX)) throw new Error(`${WEB_INDEX} is missing: run \`npm run build\` first (npm test does)`);
  return readFileSync(WEB_INDEX, 'utf8');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let server: ChildProcess;
let output = '';
let base = '';
let dataDir = '';
let schema: TestSchema | undefined;

async function waitUntilHealthy(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/healthz did not answer within ${timeoutMs} ms:\n${output}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-smoke-'));
  if (TEST_DIALECT === 'postgres') schema = await createTestSchema(process.env.TEST_DATABASE_URL!);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    // Only what a fresh shell would pass, so a developer's own DATABASE_URL or PORT cannot leak in.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'warn',
      ...(schema ? { DATABASE_URL: schema.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitUntilHealthy(25_000);
});

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await schema?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the server started as `npm start` starts it', () => {
  it('answers /healthz with its status and version', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: expect.any(String) });
  });

  it('serves the web app from /', async () => {
    const spa = builtWebApp();
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(spa);
  });

  it('lets browsers keep the hashed assets for a year, and asks again for the page that names them', async () => {
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(builtWebApp())![1]!;
    const asset = await fetch(`${base}${script}`);
    await asset.arrayBuffer();
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${base}/`);
    await page.text();
    expect(page.headers.get('cache-control')).not.toMatch(/immutable|max-age=[1-9]/);
  });

  it('lets browsers keep a locale file asked for with the build’s hash of the texts, and only then', async () => {
    const versioned = await fetch(`${base}/locales/en-US/common.json?v=0123456789ab`);
    expect(versioned.status).toBe(200);
    expect((await versioned.json()) as object).toHaveProperty('loading');
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = await fetch(`${base}/locales/en-US/common.json`);
    await plain.text();
    expect(plain.headers.get('cache-control')).not.toMatch(/immutable|max-age=[1-9]/);
  });

  it('sends the web app’s files and its JSON answers compressed to a client that accepts it, and only then', async () => {
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(builtWebApp())![1]!;
    const onDisk = readFileSync(fileURLToPath(new URL(`../../web/dist${script}`, import.meta.url)), 'utf8');
    const encoded = async (path: string, acceptEncoding: string) => {
      const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
      return { encoding: response.headers.get('content-encoding'), text: await response.text() };
    };
    expect(await encoded(script, 'br')).toEqual({ encoding: 'br', text: onDisk });
    expect(await encoded(script, 'gzip')).toEqual({ encoding: 'gzip', text: onDisk });
    expect(await encoded(script, 'identity')).toEqual({ encoding: null, text: onDisk });
    expect((await encoded('/locales/en-US/common.json?v=0123456789ab', 'gzip, br')).encoding).toBe('br');
    const docs = await encoded('/api/docs/json', 'gzip');
    expect(docs.encoding).toBe('gzip');
    expect(JSON.parse(docs.text)).toHaveProperty('openapi');
    // zstd, the cheapest to make, first for a browser that takes it (fetch does not unpack it: read raw)
    const zstd = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      get(`${base}/api/docs/json`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });
    expect(zstd.encoding).toBe('zstd');
    expect(JSON.parse(zstdDecompressSync(zstd.body).toString('utf8'))).toHaveProperty('openapi');
  });

  it('answers a deep link with the web app, which routes it (history fallback)', async () => {
    const response = await fetch(`${base}/safety-state/root`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(builtWebApp());
  });

  it('answers an unknown API path with a 404 in the error shape, not the web app', async () => {
    const response = await fetch(`${base}/ui/api/v1/nope`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error_type: 'NotFound', message: expect.any(String) });
  });

  it('sends the security headers', async () => {
    for (const path of ['/', '/healthz', '/ui/api/v1/nope']) {
      const headers = (await fetch(`${base}${path}`)).headers;
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('x-frame-options') !== null || csp.includes('frame-ancestors'), path).toBe(true);
    }
  });

  it('serves a browsable API reference at /api/docs from its own files, no CDN, under the CSP', async () => {
    const page = await fetch(`${base}/api/docs/`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/(src|href)="https?:\/\//);
    const script = await fetch(`${base}/api/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const initializer = await (await fetch(`${base}/api/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain('validatorUrl');
    expect(initializer).not.toContain('validator.swagger.io');
  });

  it('publishes the OpenAPI document at /api/docs/json, with the ingest keys’ scheme', async () => {
    const response = await fetch(`${base}/api/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(Object.keys(document.components.securitySchemes)).toEqual(expect.arrayContaining(['token', 'ingestKey']));
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    expect(paths.some((p) => p.replace(/\/$/, '') === '/auth/api/v1/users/login')).toBe(true);
  });

  it('lets a demo user sign in and list the demo projects', async () => {
    const login = await fetch(`${base}/auth/api/v1/users/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    const response = await fetch(`${base}/ui/api/v1/projects?paginate_by=100&page=1`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { objects: Array<{ name: string }> };
    expect(body).toMatchObject({ count: DEMO_PROJECTS.length, page: 1, paginate_by: 100 });
    expect(body.objects.map((p) => p.name).sort()).toEqual(DEMO_PROJECTS.map((p) => p.name).sort());
  });

  it('keeps the latest read_at of the demo instruments advancing (history, then the live simulator)', async () => {
    const started = Date.now();
    const login = await fetch(`${base}/auth/api/v1/users/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
    const projects = (await (await fetch(`${base}/ui/api/v1/projects`, { headers })).json()) as {
      objects: Array<{ id: string }>;
    };
    const switched = await fetch(`${base}/auth/api/v1/users/switch-data-context/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data_context: projects.objects[0]!.id }),
    });
    expect(switched.status).toBe(200);
    const latestReadAt = async () => {
      const response = await fetch(
        `${base}/device-registry/api/v1/instruments?fields=latest_payload_read_at&paginate_by=1000`,
        { headers: { authorization: `Token ${token}` } },
      );
      const body = (await response.json()) as { objects: Array<{ latest_payload_read_at: string | null }> };
      return body.objects.reduce((max, o) => Math.max(max, Date.parse(o.latest_payload_read_at ?? '') || 0), 0);
    };
    // The simulator starts once the 90 days are written; then some instrument reads every few seconds.
    const seen: number[] = [];
    while (seen.length < 3 && Date.now() - started < 150_000) {
      const latest = await latestReadAt();
      if (latest > started - 60_000 && latest > (seen.at(-1) ?? 0)) seen.push(latest);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(seen.length, `the newest readings seen: ${seen.map((t) => new Date(t).toISOString()).join(', ')}`).toBe(3);
  }, 160_000);

  it('shuts down gracefully on SIGTERM with exit code 0', async () => {
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      server.once('exit', (code, signal) => resolve({ code, signal })),
    );
    server.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});

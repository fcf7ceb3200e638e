import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../test-support/self-signed.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// ADR 0043: with TLS_CERT_FILE and TLS_KEY_FILE, Vigil serves HTTPS itself: HTTP/2 to clients that
// offer it (browsers), HTTP/1.1 to the rest.
let certDir = '';
let cert: Buffer;
let t: TestApp;
let base = '';
let h2: ClientHttp2Session;

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'vigil-tls-'));
  const files = selfSignedCertificate(certDir);
  cert = readFileSync(files.TLS_CERT_FILE);
  t = await createTestApp({ env: files });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  h2 = connect(base, { ca: cert });
});

afterAll(async () => {
  // closes while the client's HTTP/2 session is still open, as a browser's is
  await t?.close();
  h2?.destroy();
  rmSync(certDir, { recursive: true, force: true });
});

interface H2Answer {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP/2 request on the shared session; `until` ends a stream that does not end by itself. */
function request(headers: Record<string, string>, body?: string, until?: (text: string) => boolean) {
  return new Promise<H2Answer>((resolve, reject) => {
    const stream = h2.request(headers, { endStream: body === undefined });
    let answerHeaders: H2Answer['headers'] = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => (answerHeaders = h));
    stream.on('data', (chunk: string) => {
      text += chunk;
      if (until?.(text)) {
        stream.close();
        resolve({ headers: answerHeaders, body: text });
      }
    });
    stream.on('end', () => resolve({ headers: answerHeaders, body: text }));
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
  });
}

describe('HTTPS with HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  it('answers HTTP/2 requests', async () => {
    const answer = await request({ ':path': '/healthz' });
    expect(answer.headers[':status']).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
    expect(base).toMatch(/^https:\/\//);
  });

  it('streams notifications over HTTP/2, beside other requests on the same connection', async () => {
    const login = await request(
      { ':method': 'POST', ':path': '/auth/api/v1/users/login/', 'content-type': 'application/json' },
      JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD ?? (await demoPassword()) }),
    );
    const { token } = JSON.parse(login.body) as { token: string };
    const stream = request(
      { ':path': `/notifications-async/api/v1/notifications/stream/?token=${token}` },
      undefined,
      (text) => text.includes('event: open'),
    );
    // the stream holds its HTTP/2 stream open; another request still answers on the same session
    const other = await request({ ':path': '/healthz' });
    expect(other.headers[':status']).toBe(200);
    const answer = await stream;
    expect(answer.headers[':status']).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.headers.connection).toBeUndefined();
    expect(answer.body).toContain('event: open');
  });

  it('compresses answers over HTTP/2', async () => {
    const answer = await new Promise<H2Answer['headers']>((resolve, reject) => {
      const stream = h2.request({ ':path': '/api/docs/json', 'accept-encoding': 'br' });
      let headers: H2Answer['headers'] = {};
      stream.on('response', (h) => (headers = h));
      // read to the end: the answer is larger than an HTTP/2 window, and a compressed answer that
      // the client resets mid-way holds the server's close (a known defect, not what this test is about)
      stream.resume();
      stream.on('end', () => resolve(headers));
      stream.on('error', reject);
    });
    expect(answer[':status']).toBe(200);
    expect(answer['content-encoding']).toBe('br');
  });

  // node:https offers only HTTP/1.1
  it('answers HTTP/1.1 over TLS (loggers, scripts)', async () => {
    const status = await new Promise<{ status?: number; protocol: string }>((resolve, reject) => {
      get(`${base}/healthz`, { ca: cert }, (response) => {
        response.resume();
        resolve({ status: response.statusCode, protocol: response.httpVersion });
      }).on('error', reject);
    });
    expect(status).toEqual({ status: 200, protocol: '1.1' });
  });
});

async function demoPassword() {
  return (await import('../demo/site.ts')).DEMO_PASSWORD;
}

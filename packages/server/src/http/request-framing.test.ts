import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { MAX_JSON_DEPTH } from './json-body.ts';

/** Requests refused before any route reads them still get the contract's error shape (requirements#http-contract). */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('JSON bodies', () => {
  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels with 400, on every route`, async () => {
    const project = (await t.call('GET', '/ui/api/v1/projects', { token: admin })).body.objects[0].id;
    for (const [method, url] of [
      ['PATCH', `/ui/api/v1/projects/${project}/roles/x`],
      ['POST', '/media/api/v1/files/'],
      ['POST', '/ingest/api/v1/payloads'],
      ['PUT', `/ui/api/v1/projects/${project}/modules/x`],
    ] as const) {
      for (const payload of [nested(5000), `${'['.repeat(3000)}${']'.repeat(3000)}`, `{"data": ${nested(2000)}}`]) {
        const res = await t.app.inject({
          method,
          url,
          payload,
          headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json()).toMatchObject({ error_type: 'ValidationError' });
      }
    }
  });

  it('accepts a body nested as deep as allowed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/media/api/v1/files/',
      payload: nested(MAX_JSON_DEPTH - 1),
      headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/nests deeper/);
  });

  it('names prototype keys of an ingest payload as unknown fields instead of failing', async () => {
    const payload = '{"constructor": 1, "toString": 2, "hasOwnProperty": 3, "valueOf": 4}';
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/api/v1/payloads',
      payload,
      headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details)).toEqual(
      expect.arrayContaining(['constructor', 'toString', 'hasOwnProperty', 'valueOf']),
    );
    const array = await t.call('POST', '/ingest/api/v1/payloads', {
      token: admin,
      body: JSON.parse('[{"eid": "x", "read_at": "2026-01-01T00:00:00Z", "raw_metrics": {}, "constructor": 1}]'),
    });
    expect(array.status).toBe(400);
  });

  it('refuses __proto__ in a body as Fastify does', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/api/v1/payloads',
      payload: '{"__proto__": {"polluted": true}}',
      headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_type).toBe('ValidationError');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('what Node refuses before routing', () => {
  it('answers a URL over 16 KB with 431 in the error shape and closes the connection', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `/ui/api/v1/projects?x=${'a'.repeat(20_000)}` },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      error_type: 'HeadersTooLarge',
      message: 'The request line or headers are too large',
    });
    expect(answer.connection).toBe('close');
  });
});

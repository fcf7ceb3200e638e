import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

/**
 * Sends malformed, mistyped, oversized and unauthenticated requests to every documented route and
 * requires a 4xx in the error shape each time: bad input never gives a 500 (requirements#http-contract).
 */
let t: TestApp;
let routes: Array<{ method: string; path: string; public: boolean }>;
const BODY_LIMIT = 65_536;

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT), LOGIN_MAX_FAILURES: '1000' } });
  const doc = (await t.call('GET', '/api/docs/json')).body as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      public: Array.isArray(op.security) && op.security.length === 0,
    })),
  );
});
afterAll(() => t.close());

const ODD_IDS = [
  'nope',
  '00000000-0000-0000-0000-000000000000',
  "1' or '1'='1",
  'x'.repeat(300),
  '%00',
  '..%2F..%2Fetc',
];
const ODD_BODIES: unknown[] = [
  [],
  42,
  'text',
  null,
  { unknown_field: 1 },
  { username: 42, password: [], email: {}, roles: 'all', data: 'x', data_context: 7 },
];
const ODD_QUERIES = [
  'paginate_by=-1',
  'page=abc',
  'paginate_by=100000',
  'ordering=;drop table users',
  'created_at.from_time=not-a-date',
  'fields[]=x&fields[]=y',
  'unknown_filter=1',
  'username=%00',
  'name=%00',
  'path=%00',
  'is_active=maybe',
];

function withParams(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, value);
}

function expectErrorShape(label: string, res: { status: number; body: any }) {
  expect(res.status, `${label} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body?.error_type, label).toBe('string');
    expect(typeof res.body?.message, label).toBe('string');
    expect(JSON.stringify(res.body), label).not.toMatch(/\bat .+\.ts:\d+/);
  }
}

describe('every route refuses bad input with a 4xx in the error shape', () => {
  it('documents the routes it is about to test', () => {
    expect(routes.length).toBeGreaterThanOrEqual(35);
  });

  it('refuses missing, malformed, unknown and revoked tokens', async () => {
    const revoked = await t.login('operator');
    await t.call('POST', '/auth/api/v1/users/logout', { token: revoked });
    for (const route of routes.filter((r) => !r.public)) {
      const url = withParams(route.path, 'nope');
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Token' },
        { authorization: 'Bearer abc' },
        { authorization: `Token ${'A'.repeat(43)}` },
        { authorization: `Token ${revoked}` },
      ]) {
        const res = await t.call(route.method, url, { headers, body: route.method === 'GET' ? undefined : {} });
        expectErrorShape(`${route.method} ${url} ${JSON.stringify(headers)}`, res);
        expect(res.status, `${route.method} ${url}`).toBe(401);
      }
    }
  });

  it('answers odd ids, odd query strings and odd bodies without a 5xx', async () => {
    for (const route of routes) {
      const token = await t.login('admin');
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      for (const id of ODD_IDS) {
        const url = withParams(route.path, id);
        expectErrorShape(
          `${route.method} ${url}`,
          await t.call(route.method, url, { token, body: hasBody ? {} : undefined }),
        );
      }
      const url = withParams(route.path, 'nope');
      for (const query of ODD_QUERIES) {
        expectErrorShape(`${route.method} ${url}?${query}`, await t.call(route.method, `${url}?${query}`, { token }));
      }
      if (!hasBody) continue;
      for (const body of ODD_BODIES) {
        expectErrorShape(
          `${route.method} ${url} ${JSON.stringify(body)}`,
          await t.call(route.method, url, { token, body }),
        );
      }
      const raw = (payload: string, contentType = 'application/json') =>
        t.app.inject({
          method: route.method as 'POST',
          url,
          payload,
          headers: { authorization: `Token ${token}`, 'content-type': contentType },
        });
      for (const [payload, type] of [
        ['{"username": ', 'application/json'],
        ['', 'application/json'],
        ['a=1', 'application/x-www-form-urlencoded'],
        [`{"padding": "${'x'.repeat(BODY_LIMIT)}"}`, 'application/json'],
      ] as const) {
        const res = await raw(payload, type);
        expectErrorShape(`${route.method} ${url} raw ${payload.slice(0, 20)}`, {
          status: res.statusCode,
          body: res.json(),
        });
        expect(res.statusCode, `${route.method} ${url} raw ${payload.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
      }
    }
  });
});

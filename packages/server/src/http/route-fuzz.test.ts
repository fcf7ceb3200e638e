import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { malformedRequests, type MalformedRequest } from '../test-support/malformed-requests.ts';
import { malformedUploadForms } from '../test-support/malformed-uploads.ts';
import {
  documentedRoutes,
  passwordToken,
  realIds,
  referenceValues,
  withParams,
  type DocumentedRoute,
} from '../test-support/route-catalogue.ts';
import { seedRouteFixtures } from '../test-support/route-fixtures.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../test-support/test-app.ts';

/**
 * Malformed requests to every documented route, with real ids so that the handlers themselves are
 * reached (bad-input.test.ts sends bad ids only): every answer is below 500 and, when a 4xx, in the
 * contract's error shape (requirements#http-contract). SQLite only: the walk is long, and the code under test is the
 * same on both databases.
 * (A URL over 16 KB, refused by Node's HTTP parser with a 431, cannot be sent through `inject`:
 * request-framing.test.ts sends one over a socket.)
 */

const MIN_REQUESTS_PER_ROUTE = 20;
const ERROR_KEYS = new Set(['error_type', 'message', 'details']);
/** Calls after which the session may be gone or the data changed: walked after all the others. */
const DISRUPTIVE =
  /\/(logout|change-password|reset-password|switch-data-context|activate|deactivate|invite|decommission)$/;
const keyOf = (route: DocumentedRoute) => `${route.method} ${route.path}`;
const phase = (route: DocumentedRoute) => (route.method === 'DELETE' ? 2 : DISRUPTIVE.test(route.path) ? 1 : 0);

/** What is wrong with an answer to a malformed request, or null. */
function violation(res: LightMyRequestResponse): string | null {
  const status = res.statusCode;
  if (status < 400) return null;
  const summary = `${status} ${res.body.slice(0, 200)}`;
  if (status >= 500) return summary;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `${summary} (content type ${res.headers['content-type'] ?? 'none'})`;
  }
  if (/\bat .+:\d+:\d+|node_modules|\.ts:\d+/.test(res.body)) return `${summary} (stack trace)`;
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${summary} (not JSON)`;
  }
  const detailsOk =
    body?.details === undefined ||
    (typeof body.details === 'object' &&
      body.details !== null &&
      Object.values(body.details).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string')));
  const shapeOk =
    typeof body?.error_type === 'string' &&
    typeof body?.message === 'string' &&
    detailsOk &&
    Object.keys(body).every((key) => ERROR_KEYS.has(key));
  return shapeOk ? null : `${summary} (not the error shape)`;
}

describe.skipIf(TEST_DIALECT === 'postgres')('every documented route, given malformed requests with real ids', () => {
  let t: TestApp;
  let routes: DocumentedRoute[];
  let token: string;
  let userId: string;
  let projectId: string;
  let references: Record<string, unknown>;
  const sent = new Map<string, number>();
  const unresolved: string[] = [];
  const failures: string[] = [];

  /** The admin's username now: a valid value at a field's bounds may have renamed him. */
  async function adminName() {
    return (await t.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow())
      .username;
  }
  /** A fresh admin session in the Cerro Azul project: after logout or a password change the old one is gone. */
  async function signIn() {
    token = await t.login(await adminName());
    const res = await t.call('POST', '/auth/api/v1/users/switch-data-context', {
      token,
      body: { data_context: projectId },
    });
    if (res.status !== 200) throw new Error(`switch-data-context answered ${res.status}`);
  }
  async function liveToken() {
    if ((await t.call('GET', `/auth/api/v1/users/${userId}`, { token })).status === 401) await signIn();
    return token;
  }

  async function walk(route: DocumentedRoute, urlFor: (route: DocumentedRoute) => string | null) {
    const session = await liveToken();
    const credential = route.auth === 'password-token' ? await passwordToken(t, await adminName()) : session;
    // A DELETE takes whatever is first now: the walk's earlier DELETEs may have removed the first of before.
    const real = route.method === 'DELETE' ? (await realIds(t, session, [route]))(route) : urlFor(route);
    if (route.params.length && !real) unresolved.push(keyOf(route));
    await send(route, credential, malformedRequests(route, real ?? withParams(route.path, 'nope'), references));
  }

  async function send(route: DocumentedRoute, credential: string, requests: MalformedRequest[]) {
    const key = keyOf(route);
    for (const request of requests) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: request.url,
        headers: { authorization: `Token ${credential}`, ...request.headers },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      sent.set(key, (sent.get(key) ?? 0) + 1);
      const problem = violation(res);
      if (problem) failures.push(`${key} [${request.label}] → ${problem}`);
    }
  }

  beforeAll(async () => {
    // The default body limit (1 MiB), so that a million-character value reaches the handlers.
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '100000' } });
    const find = (table: 'users' | 'projects', column: 'username' | 'slug', value: string) =>
      t.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow();
    userId = (await find('users', 'username', 'admin')).id;
    projectId = (await find('projects', 'slug', 'cerro-azul')).id;
    await signIn();
    await seedRouteFixtures(t, token, projectId);
    routes = await documentedRoutes(t);
    references = { ...(await referenceValues(t, token)), eid: 'PZ-01', raw_metrics: { pressure: 101.3 } };
    const urlFor = await realIds(t, token, routes);
    for (const route of [...routes].sort((a, b) => phase(a) - phase(b))) await walk(route, urlFor);
  }, 600_000);
  afterAll(() => t?.close());

  it(`sends at least ${MIN_REQUESTS_PER_ROUTE} malformed requests to every documented route`, () => {
    expect(routes.length).toBeGreaterThanOrEqual(100);
    const short = routes
      .filter((route) => (sent.get(keyOf(route)) ?? 0) < MIN_REQUESTS_PER_ROUTE)
      .map((route) => `${keyOf(route)}: ${sent.get(keyOf(route)) ?? 0}`);
    expect(short).toEqual([]);
  });

  it('finds real ids for every route with path parameters', () => {
    expect(unresolved).toEqual([]);
  });

  it('answers every one below 500, and every 4xx as JSON in the error shape without a stack trace', () => {
    expect(failures).toEqual([]);
  });

  it('refuses malformed upload forms carrying a real ticket, below 500 and in the error shape', async () => {
    const session = await liveToken();
    const record = await t.call('POST', '/media/api/v1/files', {
      token: session,
      body: { original_filename: 'fuzz-upload.png', mime_type: 'image/png' },
    });
    expect(record.status, JSON.stringify(record.body)).toBe(201);
    const ticket = await t.call('GET', `/media/api/v1/files/${record.body.id}/upload-url`, { token: session });
    const route = routes.find((r) => r.path === '/media/api/v1/files/{id}/upload')!;
    const before = failures.length;
    await send(route, session, malformedUploadForms(ticket.body.url, ticket.body.fields.ticket));
    expect(failures.slice(before)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRouteFixtures } from '../test-support/route-fixtures.ts';
import {
  bodySchema,
  documentedRoutes,
  PARAM_RESOLVERS,
  realIds,
  withParams,
  type DocumentedRoute,
} from '../test-support/route-catalogue.ts';
import { sampleValue } from '../test-support/schema-samples.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../test-support/test-app.ts';
import { insertUser } from '../test-support/users.ts';
import { ACCESS_LEVELS, type Access } from './auth-hook.ts';

/**
 * The authorization matrix (ADR 0033): every documented route × {anonymous, operator, manager,
 * administrator of the project, administrator of another project only}, with real ids of the
 * project's resources and a plausible body, against the access each route declares (`x-access`).
 * A caller below a route's level must be refused by authorization itself (401 or 403), never reach
 * validation or the handler; an outsider must never get a 2xx on the project's resources.
 */
type Caller = 'anonymous' | 'operator' | 'manager' | 'administrator' | 'outsider';
const PROJECT_CALLERS: Caller[] = ['anonymous', 'operator', 'manager', 'administrator'];

/** Who may call a route of each level (in the project it acts in). */
const MAY_CALL: Record<Access, Caller[]> = {
  public: ['anonymous', 'operator', 'manager', 'administrator', 'outsider'],
  'password-token': [],
  signature: ['operator', 'manager', 'administrator'],
  'signed-in': ['operator', 'manager', 'administrator', 'outsider'],
  member: ['operator', 'manager', 'administrator'],
  curator: ['manager', 'administrator'],
  administrator: ['administrator'],
};

/** Resources of the project that an outsider may still read by id, each for a reason. */
const OUTSIDER_MAY = [
  // Both demo projects belong to one account, which is the outsider's own (another account's is 404).
  '/auth/api/v1/accounts/{id}',
];

let t: TestApp;
let routes: Array<DocumentedRoute & { access: Access }>;
let urlFor: (route: DocumentedRoute) => string | null;
const tokens = new Map<Caller, string>();

async function userOf(role: string, project: string, username: string) {
  const roleId = (
    await t.db
      .selectFrom('roles')
      .select('id')
      .where('project_id', '=', project)
      .where('name', '=', role)
      .executeTakeFirstOrThrow()
  ).id;
  await insertUser(t, username, {
    password: 'matrix-pass-1',
    memberships: [{ projectId: project, roleIds: [roleId] }],
  });
  return t.login(username, 'matrix-pass-1');
}

beforeAll(async () => {
  if (TEST_DIALECT !== 'sqlite') return;
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '1000' } });
  const projects = await t.db.selectFrom('projects').select(['id', 'slug']).execute();
  const cerro = projects.find((p) => p.slug === 'cerro-azul')!.id;
  const ouse = projects.find((p) => p.slug === 'ouse-embankment')!.id;
  tokens.set('operator', await userOf('Operator', cerro, 'matrix-operator'));
  tokens.set('manager', await userOf('Manager', cerro, 'matrix-manager'));
  tokens.set('administrator', await userOf('Administrator', cerro, 'matrix-admin'));
  tokens.set('outsider', await userOf('Administrator', ouse, 'matrix-outsider'));
  await seedRouteFixtures(t, tokens.get('administrator')!, cerro);
  const documented = await documentedRoutes(t);
  routes = documented.map((route) => ({ ...route, access: (route.operation as { 'x-access'?: Access })['x-access']! }));
  // Users of this project only: the demo's own users are members of both projects.
  const operatorId = (
    await t.db.selectFrom('users').select('id').where('username', '=', 'matrix-operator').executeTakeFirstOrThrow()
  ).id;
  urlFor = await realIds(t, tokens.get('administrator')!, documented, {
    ...PARAM_RESOLVERS,
    '/auth/api/v1/users/{id}': async () => operatorId,
  });
}, 120_000);
afterAll(() => t?.close());

async function ask(route: DocumentedRoute, url: string, caller: Caller) {
  const token = tokens.get(caller);
  const schema = bodySchema(route);
  const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? (schema ? sampleValue(schema) : {}) : undefined;
  return t.call(route.method, url, { ...(token && caller !== 'anonymous' ? { token } : {}), body });
}

describe.skipIf(TEST_DIALECT !== 'sqlite')('the authorization matrix', () => {
  it('has a declared access for every documented route', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) expect(ACCESS_LEVELS, `${route.method} ${route.path}`).toContain(route.access);
  });

  it('keeps the table as reviewed: a change of who may call a route is made here on purpose', async () => {
    const table = Object.fromEntries(routes.map((r) => [`${r.method} ${r.path}`, r.access]).sort());
    await expect(`${JSON.stringify(table, null, 2)}\n`).toMatchFileSnapshot('./route-access.json');
  });

  it('refuses every caller below a route’s level with 401 or 403, before validation', async () => {
    let refused = 0;
    for (const route of routes) {
      const url = urlFor(route) ?? withParams(route.path, 'nope');
      for (const caller of PROJECT_CALLERS.filter((c) => !MAY_CALL[route.access].includes(c))) {
        const res = await ask(route, url, caller);
        const label = `${caller} ${route.method} ${url} (${route.access}) → ${res.status} ${JSON.stringify(res.body)}`;
        // A file without its signature is as unknown as a missing one (ADR 0025).
        expect(route.access === 'signature' ? [401, 403, 404] : [401, 403], label).toContain(res.status);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(150);
  }, 120_000);

  it('gives an administrator of another project no 2xx on this project’s resources', async () => {
    let tried = 0;
    for (const route of routes.filter((r) => r.params.length && !OUTSIDER_MAY.includes(r.path))) {
      const url = urlFor(route);
      if (!url || route.access === 'public') continue;
      const res = await ask(route, url, 'outsider');
      const label = `outsider ${route.method} ${url} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      if (route.path.startsWith('/ui/api/v1/projects/{id}')) expect(res.status, label).toBe(404);
      tried += 1;
    }
    expect(tried).toBeGreaterThan(50);
  }, 120_000);
});

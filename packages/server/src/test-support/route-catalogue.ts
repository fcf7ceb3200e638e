import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nowIso } from '../db/values.ts';
import { tokenHash } from '../services/auth/secrets.ts';
import { findLiveToken } from '../services/auth/session-store.ts';
import type { JsonSchema } from './schema-samples.ts';
import type { TestApp } from './test-app.ts';

/**
 * Every operation of the OpenAPI document, and real ids to put in their paths: shared by the tests
 * that walk the whole API (malformed input, authorisation matrix) so that they reach the handlers
 * with resources that exist, not only the "not found" branch.
 */

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  description?: string;
}

/** Which credential a route takes: none, a session token, or a password reset/invite token. */
export type RouteAuth = 'public' | 'session' | 'password-token';

export interface DocumentedRoute {
  method: string;
  /** the OpenAPI template, e.g. `/media/api/v1/files/{id}` */
  path: string;
  operation: OpenApiOperation;
  /** the path parameters, in the order they appear */
  params: string[];
  auth: RouteAuth;
}

/** Routes that take the token of a reset or invite e-mail instead of a session (the document cannot say so). */
const PASSWORD_TOKEN_PATHS = new Set(['/auth/api/v1/users/reset-password']);

/** Every operation in `GET /api/docs`, in the document's order. */
export async function documentedRoutes(t: TestApp): Promise<DocumentedRoute[]> {
  const res = await t.call('GET', '/api/docs/json');
  if (res.status !== 200) throw new Error(`GET /api/docs answered ${res.status}`);
  const paths = res.body.paths as Record<string, Record<string, OpenApiOperation>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
      params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      auth: PASSWORD_TOKEN_PATHS.has(path)
        ? 'password-token'
        : Array.isArray(operation.security) && operation.security.length === 0
          ? 'public'
          : 'session',
    })),
  );
}

/** The JSON body schema of an operation, if it takes one. */
export const bodySchema = (route: DocumentedRoute): JsonSchema | undefined =>
  route.operation.requestBody?.content?.['application/json']?.schema;

/** The declared query parameters of an operation. */
export const queryParameters = (route: DocumentedRoute): OpenApiParameter[] =>
  (route.operation.parameters ?? []).filter((p) => p.in === 'query');

/** The template with every parameter replaced by `value` (an odd id, say). */
export const withParams = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

/** What a resolver may use: the app, the caller's token, user and current project, and a GET helper. */
export interface ResolveContext {
  t: TestApp;
  token: string;
  userId: string;
  projectId: string;
  /** GET as the caller; the parsed body of a 200, else undefined */
  get(url: string): Promise<any>;
}

/** Finds a real value for the parameter that ends `prefix` (a concrete URL up to and including it). */
export type ParamResolver = (ctx: ResolveContext, parentUrl: string) => Promise<string | null>;

/** The first object of a list answer (`{objects}` or a bare array). */
export function firstObject(body: any): any {
  if (Array.isArray(body)) return body[0];
  if (Array.isArray(body?.objects)) return body.objects[0];
  return undefined;
}

/** The id of an object of a list: `id`, else another field that names it. */
function idOf(object: any): string | null {
  if (object === null || typeof object !== 'object') return typeof object === 'string' ? object : null;
  for (const key of ['id', 'uuid', 'key', 'name']) if (typeof object[key] === 'string') return object[key];
  return null;
}

/** The first object of a list with a non-null `field`. */
const firstWith = async (ctx: ResolveContext, url: string, field: string): Promise<string | null> => {
  const body = await ctx.get(url);
  const found = (body?.objects ?? []).find((o: any) => typeof o?.[field] === 'string');
  return found?.[field] ?? null;
};

/**
 * Parameters whose value is not the id of the first object of the parent collection, keyed by the
 * template up to and including the parameter. Everything else is found by listing the parent.
 */
export const PARAM_RESOLVERS: Record<string, ParamResolver> = {
  // the current project, not whichever the project list happens to name first
  '/ui/api/v1/projects/{id}': async (ctx) => ctx.projectId,
  // only one's own profile has module data
  '/ui/api/v1/projects/{id}/user-profiles/{uiId}': async (ctx) =>
    (await ctx.get(`/auth/api/v1/users/${ctx.userId}`))?.uiId ?? null,
  // module data is kept by module, and modules are listed by the current project
  '/ui/api/v1/projects/{id}/user-profiles/{uiId}/module-data/{moduleId}': async (ctx) =>
    idOf(firstObject(await ctx.get('/ui/api/v1/modules?paginate_by=5'))),
  // an acknowledgement link's token is in a message, not in a list: a forged one reaches the handler
  '/rules-engine/api/v1/alarms/ack/{token}': async () => 'a-forged-acknowledgement-link-token',
  '/auth/api/v1/accounts/{id}': async (ctx) => (await ctx.get(`/auth/api/v1/users/${ctx.userId}`))?.account ?? null,
  '/metrics-provider/api/v1/unknown-payloads/{id}': (ctx) =>
    firstWith(ctx, '/rules-engine/api/v1/events?types=unknown_payload_received&paginate_by=5', 'payload_id'),
  '/rules-engine/api/v1/state-rule-executions/{id}': (ctx) =>
    firstWith(ctx, '/rules-engine/api/v1/events?paginate_by=50', 'rule_execution_id'),
  // a thumbnail task exists once asked for: ask for one of the first image with a thumbnail type
  '/media/api/v1/tasks/{id}': async (ctx) => {
    const files = await ctx.get('/media/api/v1/files?paginate_by=50');
    const image = (files?.objects ?? []).find((f: any) => f.thumbnail_type && /^image\//.test(f.mime_type));
    if (!image) return null;
    const task = await ctx.get(`/media/api/v1/files/${image.id}/process-thumbnails`);
    return typeof task?.check_uri === 'string' ? task.check_uri.replace(/\/+$/, '').split('/').pop()! : null;
  },
};

/** The caller's user and current project, read from the token itself. */
async function whoIs(t: TestApp, token: string) {
  const session = await findLiveToken(t.db, tokenHash(token), nowIso());
  if (!session?.dataContext) throw new Error('realIds needs a live session token with a data context');
  return { userId: session.userId, projectId: session.dataContext };
}

/**
 * For every route with path parameters, real ids of resources of the caller's current project:
 * `/x/{id}/y/{id2}` lists `/x` (paginate_by=5 where the list takes it) and takes the first object's
 * id, then lists `/x/<id>/y`, and so on; PARAM_RESOLVERS cover what a parent list cannot give.
 * Answers `urlFor(route)`: the concrete URL, or null when some collection is empty or not listable.
 */
export async function realIds(
  t: TestApp,
  token: string,
  routes?: DocumentedRoute[],
  resolvers: Record<string, ParamResolver> = PARAM_RESOLVERS,
): Promise<(route: DocumentedRoute) => string | null> {
  const all = await documentedRoutes(t);
  const lists = new Map(all.filter((r) => r.method === 'GET').map((r) => [r.path, r]));
  const ctx: ResolveContext = {
    t,
    token,
    ...(await whoIs(t, token)),
    async get(url) {
      const res = await t.call('GET', url, { token });
      return res.status === 200 ? res.body : undefined;
    },
  };

  /** The GET route listing the collection of `template` (its parent), or one of the same name elsewhere. */
  function listRoute(template: string): DocumentedRoute | undefined {
    const exact = lists.get(template);
    if (exact) return exact;
    const name = template.split('/').pop()!;
    return [...lists.values()].find((r) => !r.params.length && r.path.endsWith(`/${name}`));
  }

  async function listFirstId(parentTemplate: string, parentUrl: string): Promise<string | null> {
    const list = listRoute(parentTemplate);
    if (!list) return null;
    const url = list.path === parentTemplate ? parentUrl : list.path;
    const paginates = queryParameters(list).some((p) => p.name === 'paginate_by');
    return idOf(firstObject(await ctx.get(paginates ? `${url}?paginate_by=5` : url)));
  }

  // The concrete URL of each template prefix that ends in a parameter; null when it cannot be resolved.
  const prefixes = new Map<string, Promise<string | null>>();
  function concrete(template: string): Promise<string | null> {
    let found = prefixes.get(template);
    if (!found) {
      found = (async () => {
        const parentTemplate = template.slice(0, template.lastIndexOf('/{'));
        const lastParam = parentTemplate.lastIndexOf('}') + 1;
        const head = lastParam ? await concrete(parentTemplate.slice(0, lastParam)) : '';
        if (head === null) return null;
        const parentUrl = head + parentTemplate.slice(lastParam);
        const resolver = resolvers[template];
        const id = resolver ? await resolver(ctx, parentUrl) : await listFirstId(parentTemplate, parentUrl);
        return id === null ? null : `${parentUrl}/${encodeURIComponent(id)}`;
      })();
      prefixes.set(template, found);
    }
    return found;
  }

  const urls = new Map<string, string | null>();
  for (const route of routes ?? all) {
    if (!route.params.length) {
      urls.set(route.path, route.path);
      continue;
    }
    const last = route.path.lastIndexOf('}') + 1;
    const head = await concrete(route.path.slice(0, last));
    urls.set(route.path, head === null ? null : head + route.path.slice(last));
  }
  return (route) => urls.get(route.path) ?? null;
}

/** Body properties that name another resource, and the list holding such resources. */
const REFERENCE_LISTS: Record<string, string> = {
  scheme: '/device-registry/api/v1/schemes',
  interface_node: '/device-registry/api/v1/interface-nodes',
  monitored_entity_id: '/device-registry/api/v1/instruments',
  journal: '/inmt-journal/api/v1/journals',
  data_session: '/inmt-journal/api/v1/data-sessions',
  thumbnail_type: '/media/api/v1/thumbnail-types',
};

/**
 * Real values for body properties that refer to other resources of the caller's current project
 * (`scheme`, `journal`, …), so that a generated body gets past "no such scheme" to the code behind.
 */
export async function referenceValues(t: TestApp, token: string): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [property, list] of Object.entries(REFERENCE_LISTS)) {
    const res = await t.call('GET', list, { token });
    const id = res.status === 200 ? idOf(firstObject(res.body)) : null;
    if (id) values[property] = id;
  }
  return values;
}

/**
 * A password reset token of `username`, as the reset e-mail carries it: asks for the e-mail and reads
 * it from the outbox (no SMTP_URL in tests, ADR 0004).
 */
export async function passwordToken(t: TestApp, username: string): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select('email')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const res = await t.call('POST', '/auth/api/v1/users/forgot-password', { body: { email: user.email } });
  if (res.status >= 300) throw new Error(`forgot-password answered ${res.status}`);
  const outbox = join(t.dataDir, 'outbox');
  const newest = (await readdir(outbox))
    .filter((name) => name.includes(user.email))
    .sort()
    .pop();
  const token = newest && /[?&]token=([A-Za-z0-9_-]+)/.exec(await readFile(join(outbox, newest), 'utf8'))?.[1];
  if (!token) throw new Error(`no reset e-mail for ${username} in the outbox`);
  return token;
}

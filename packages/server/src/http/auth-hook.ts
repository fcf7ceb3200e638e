import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idSchema, MESSAGES } from '@vigil/domain';
import type { TokenKind } from '../db/schema.ts';
import { nowIso } from '../db/values.ts';
import { tokenHash } from '../services/auth/secrets.ts';
import { findLiveKey, noteKeyUse } from '../services/auth/ingest-key-store.ts';
import { findLiveToken, findMembership } from '../services/auth/session-store.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';

export interface Role {
  id: string;
  name: string;
}

/**
 * Who is calling: the token's user and, when a project is selected, their membership in it; or an
 * ingest key (ADR 0035), whose actor is its project, named `key:<prefix>` for the record.
 */
export interface Actor {
  tokenId: string;
  tokenKind: TokenKind | 'api-key';
  userId: string;
  username: string;
  projectId: string | null;
  profileId: string | null;
  roles: Role[];
  /** profile.activeRole when it is one of the user's roles, else the first role (requirements#shell-states) */
  activeRole: Role | null;
  /** set when an ingest key calls: the key and the devices it covers (empty: every device) */
  apiKey?: { id: string; entityIds: string[] };
}

/**
 * Who may call a route, declared by every route as `config.access` (the table the authorization test
 * walks) and enforced here, before the body is even read:
 * - `public`: anyone; `password-token`: a password reset or invitation link's token;
 * - `signature`: anyone, the route checks a signature or a session sent with it (media content);
 * - `signed-in`: any session; `member`: a member of the project (the session's data context, or the
 *   `:id` of `/projects/:id/…` paths); `curator`: its Administrators and Managers; `administrator`.
 * A handler may refuse more (an entry's author, a role feature); never less.
 */
export const ACCESS_LEVELS = [
  'public',
  'password-token',
  'signature',
  'signed-in',
  'member',
  'curator',
  'administrator',
] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

const ROLES_OF: Partial<Record<Access, readonly string[]>> = {
  curator: ['Administrator', 'Manager'],
  administrator: ['Administrator'],
};
const PROJECT_LEVELS = new Set<Access>(['member', 'curator', 'administrator']);

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** an event stream: the token may come as `?token=`, which EventSource needs */
    tokenInQuery?: boolean;
    /** an ingest route: an ingest key (`Authorization: ApiKey …`) may call it too (ADR 0035) */
    apiKey?: boolean;
  }
}

const TOKEN_HEADER = /^Token\s+([A-Za-z0-9_-]{20,128})$/;
const API_KEY_HEADER = /^ApiKey\s+(\S*)$/;
const API_KEY = /^vk_[A-Za-z0-9_-]{20,128}$/;
/** A key's last use is written at most this often (one write a minute, not one a request). */
const KEY_USE_WRITE_MS = 60_000;
const PROJECT_PATH = /^\/ui\/api\/v1\/projects\/:id(\/|$)/;

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return TOKEN_HEADER.exec(header)?.[1] ?? '';
  // Only event streams take a token in the URL, where it ends up in logs and histories (requirements#http-contract).
  if (!request.routeOptions.config.tokenInQuery) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
}

/** The project a route acts in: the path's for `/projects/:id/…`, else the session's data context. */
function projectOf(request: FastifyRequest, dataContext: string | null): string | null {
  if (!PROJECT_PATH.test(request.routeOptions.url ?? '')) return dataContext;
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  // Not an id at all: no project, and the route's own validation names the problem.
  return idSchema.safeParse(id).success ? (id as string) : null;
}

/** Refuses, at start-up, an API route that does not say who may call it. */
export function requireDeclaredAccess(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (!ACCESS_LEVELS.includes(access as Access)) {
      throw new Error(`${route.method} ${route.url} must declare config.access (${ACCESS_LEVELS.join(', ')})`);
    }
  });
}

/**
 * The actor of an ingest key, on the routes that take one (the ingest routes), and nowhere else: a
 * key is a logger's credential, not a session. Its last use is noted, once a minute at most.
 */
async function keyActor(app: FastifyInstance, request: FastifyRequest, key: string | undefined): Promise<Actor> {
  if (!request.routeOptions.config.apiKey) throw unauthorized('An ingest key is accepted by the ingest routes only');
  if (!key || !API_KEY.test(key)) throw unauthorized(MESSAGES.invalidToken);
  const now = new Date();
  const live = await findLiveKey(app.db, tokenHash(key), now.toISOString());
  if (!live) throw unauthorized(MESSAGES.invalidToken);
  const stale = !live.lastUsedAt || now.getTime() - Date.parse(live.lastUsedAt) >= KEY_USE_WRITE_MS;
  if (stale) await noteKeyUse(app.db, live.id, now.toISOString(), request.ip);
  return {
    tokenId: live.id,
    tokenKind: 'api-key',
    // no user: a key stands for its project (what it did is recorded under `key:<prefix>`)
    userId: '',
    username: `key:${live.prefix}`,
    projectId: live.projectId,
    profileId: null,
    roles: [],
    activeRole: null,
    apiKey: { id: live.id, entityIds: live.entityIds },
  };
}

/** The one authentication, project-scope and role hook (see `Access`). */
export function registerAuthHook(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'administrator';
    const keyHeader = API_KEY_HEADER.exec(request.headers.authorization ?? '');
    if (keyHeader) {
      // A key's project is the actor's: the route's project level is met, and its role is the key's grant.
      request.actor = await keyActor(app, request, keyHeader[1]);
      return;
    }
    if (access === 'public') return;
    const token = readToken(request);
    if (!token && access === 'signature') return;
    if (!token) throw unauthorized();
    const session = await findLiveToken(app.db, tokenHash(token), nowIso());
    const accepted: TokenKind[] = access === 'password-token' ? ['reset', 'invite'] : ['session'];
    if (!session || !accepted.includes(session.kind)) throw unauthorized(MESSAGES.invalidToken);
    const projectId = projectOf(request, session.dataContext);
    const membership = projectId ? await findMembership(app.db, projectId, session.userId) : undefined;
    const roles = membership?.roles ?? [];
    const preferred = membership && roles.find((r) => String(r.id) === String(membership.profile.activeRole));
    const actor: Actor = {
      tokenId: session.tokenId,
      tokenKind: session.kind,
      userId: session.userId,
      username: session.username,
      projectId: membership ? projectId : null,
      profileId: membership?.profileId ?? null,
      roles,
      activeRole: preferred ?? roles[0] ?? null,
    };
    request.actor = actor;
    if (!PROJECT_LEVELS.has(access)) return;
    if (!membership) {
      // Another project's path is as unknown to the caller as a missing one.
      if (projectId !== session.dataContext) throw notFound();
      throw forbidden(MESSAGES.noDataContext);
    }
    const roleNames = ROLES_OF[access];
    if (roleNames && !(actor.activeRole && roleNames.includes(actor.activeRole.name))) throw forbidden();
  });
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export type ProjectActor = Actor & { projectId: string; profileId: string };

/** The caller's current project (data context); every project-scoped call goes through here. */
export function requireProject(request: FastifyRequest): ProjectActor {
  const actor = requireActor(request);
  if (!actor.projectId || !actor.profileId) throw forbidden(MESSAGES.noDataContext);
  return actor as ProjectActor;
}

/** Refuses callers whose active role is not one of `roleNames`. */
export function requireRole(request: FastifyRequest, ...roleNames: string[]): ProjectActor {
  const actor = requireProject(request);
  if (!actor.activeRole || !roleNames.includes(actor.activeRole.name)) throw forbidden();
  return actor;
}

/** Who sends readings or files to ingest: an ingest key, or a member whose active role is one of `roleNames`. */
export interface Ingester {
  projectId: string;
  username: string;
  /** the ingest key's id and the devices it covers (null: every device of the project) */
  key: { id: string; entityIds: ReadonlySet<string> | null } | null;
}

/** An ingest key's actor (ADR 0035), or else `requireRole(request, ...roleNames)`. */
export function requireIngester(request: FastifyRequest, ...roleNames: string[]): Ingester {
  const key = request.actor?.apiKey;
  if (key && request.actor?.projectId) {
    const entityIds = key.entityIds.length ? new Set(key.entityIds) : null;
    return { projectId: request.actor.projectId, username: request.actor.username, key: { id: key.id, entityIds } };
  }
  const actor = requireRole(request, ...roleNames);
  return { projectId: actor.projectId, username: actor.username, key: null };
}

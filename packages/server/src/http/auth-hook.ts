import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idSchema, MESSAGES } from '@vigil/domain';
import type { TokenKind } from '../db/schema.ts';
import { nowIso } from '../db/values.ts';
import { tokenHash } from '../services/auth/secrets.ts';
import { findLiveToken, findMembership } from '../services/auth/session-store.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';

export interface Role {
  id: string;
  name: string;
}

/** Who is calling: the token's user and, when a project is selected, their membership in it. */
export interface Actor {
  tokenId: string;
  tokenKind: TokenKind;
  userId: string;
  username: string;
  projectId: string | null;
  profileId: string | null;
  roles: Role[];
  /** profile.activeRole when it is one of the user's roles, else the first role (spec 000 §4) */
  activeRole: Role | null;
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
  }
}

const TOKEN_HEADER = /^Token\s+([A-Za-z0-9_-]{20,128})$/;
const PROJECT_PATH = /^\/ui\/api\/v1\/projects\/:id(\/|$)/;

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return TOKEN_HEADER.exec(header)?.[1] ?? '';
  // Only event streams take a token in the URL, where it ends up in logs and histories (DESIGN §3).
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

/** The one authentication, project-scope and role hook (see `Access`). */
export function registerAuthHook(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'administrator';
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

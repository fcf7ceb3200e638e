import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@vigil/domain';
import type { TokenKind } from '../db/schema.ts';
import { nowIso } from '../db/values.ts';
import { tokenHash } from '../services/auth/secrets.ts';
import { findLiveToken, findMembership } from '../services/auth/session-store.ts';
import { forbidden, unauthorized } from './errors.ts';

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
 * Which tokens a route accepts: none needed, a session (default), a session when one is sent
 * (`optional`: the route decides, e.g. public media files), or a password reset/invite token.
 */
export type RouteAuth = 'public' | 'session' | 'optional' | 'password-token';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

const TOKEN_HEADER = /^Token\s+([A-Za-z0-9_-]{20,128})$/;

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return TOKEN_HEADER.exec(header)?.[1] ?? '';
  // Server-sent events cannot set headers (DESIGN §3).
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
}

/** The one authentication and project-scope hook: every route is session-only unless it says otherwise. */
export function registerAuthHook(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth ?? 'session';
    if (auth === 'public') return;
    const token = readToken(request);
    if (!token && auth === 'optional') return;
    if (!token) throw unauthorized();
    const session = await findLiveToken(app.db, tokenHash(token), nowIso());
    const accepted: TokenKind[] = auth === 'password-token' ? ['reset', 'invite'] : ['session'];
    if (!session || !accepted.includes(session.kind)) throw unauthorized(MESSAGES.invalidToken);
    const membership = session.dataContext
      ? await findMembership(app.db, session.dataContext, session.userId)
      : undefined;
    const roles = membership?.roles ?? [];
    const preferred = membership && roles.find((r) => String(r.id) === String(membership.profile.activeRole));
    request.actor = {
      tokenId: session.tokenId,
      tokenKind: session.kind,
      userId: session.userId,
      username: session.username,
      projectId: membership ? session.dataContext : null,
      profileId: membership?.profileId ?? null,
      roles,
      activeRole: preferred ?? roles[0] ?? null,
    };
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

import { type InviteResponse, type UpdateUserBody, type User } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { Actor, ProjectActor } from '../../http/auth-hook.ts';
import { isUniqueViolation, nowIso, toFlag } from '../../db/values.ts';
import { conflict, forbidden, notFound, validationError, type ErrorDetails } from '../../http/errors.ts';
import { listBody, parseListQuery, runListQuery, type ListQueryInput, type ListSpec } from '../../http/list-query.ts';
import {
  findProfile,
  findProfilesInProject,
  findProjectIdsOfUsers,
  findProjectResponderTypes,
  findProjectRoles,
  projectUsersQuery,
} from './membership-store.ts';
import { deleteProfilesOfUser } from '../ui/profile-store.ts';
import { passwordLink, RESET_PASSWORD_PATH } from './password-links.ts';
import type { SessionService } from './session-service.ts';
import { findMembership } from './session-store.ts';
import { revokeUserTokens } from './token-store.ts';
import { asUserAdministrator, canManage, isUserAdministrator } from './user-access.ts';
import { EMPTY_LOOKUP, presentUser, profileRoles, type ProjectLookup } from './user-presenter.ts';
import { deleteUser, findTakenFields, findUserById, updateUser, type UserRow } from './user-store.ts';

/** Who is looking at users: their own id and current project. */
type Viewer = Pick<Actor, 'userId' | 'projectId'>;

export const INVITE_TOKEN_TTL_MS = 7 * 24 * 3_600_000;

export const USER_TEXTS = {
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that e-mail address already exists.',
  updateFailed: 'Failed to update the user.',
  inviteInactive: 'The user is deactivated; activate them before sending an invitation.',
  unknownRole: 'Not a role of this project',
  unknownResponderType: 'Not a responder type of this project',
  flagValue: 'Use true or false',
} as const;

const USER_LIST: ListSpec = {
  columns: {
    username: 'users.username',
    email: 'users.email',
    first_name: 'users.first_name',
    last_name: 'users.last_name',
    date_joined: 'users.created_at',
    is_active: 'users.is_active',
  },
  filters: ['username', 'email', 'is_active'],
  orderings: ['username', 'email', 'first_name', 'last_name', 'date_joined'],
  defaultOrdering: 'username',
  tieBreaker: 'users.id',
};
const FLAGS = new Map([
  ['true', '1'],
  ['1', '1'],
  ['false', '0'],
  ['0', '0'],
]);

/** `{field: [message]}` for the fields another user already holds. */
export function takenDetails(fields: ReadonlyArray<'username' | 'email'>): ErrorDetails {
  return Object.fromEntries(
    fields.map((f) => [f, [f === 'username' ? USER_TEXTS.usernameTaken : USER_TEXTS.emailTaken]]),
  );
}

/** Reading, administering and presenting users; creation lives in user-creation.ts. */
export function userService(app: FastifyInstance, sessions: SessionService) {
  const { db, config, mailer } = app;

  async function lookupOf(projectId: string): Promise<ProjectLookup> {
    const [roles, responderTypes] = await Promise.all([
      findProjectRoles(db, projectId),
      findProjectResponderTypes(db, projectId),
    ]);
    return {
      roles: new Map(roles.map((r) => [r.id, r])),
      responderTypes: new Map(responderTypes.map((r) => [r.id, r])),
    };
  }

  /**
   * Users as `viewer` may see them: a user's `projects` name only the projects the viewer shares
   * with them (all of one's own), so that no project's id leaks to members of another.
   */
  async function presentMany(users: UserRow[], viewer: Viewer): Promise<User[]> {
    const { projectId } = viewer;
    const ids = users.map((u) => u.id);
    const [profiles, projectsOfUsers, lookup] = await Promise.all([
      projectId ? findProfilesInProject(db, projectId, ids) : [],
      findProjectIdsOfUsers(db, [...new Set([...ids, viewer.userId])]),
      projectId ? lookupOf(projectId) : EMPTY_LOOKUP,
    ]);
    const shared = new Set(projectsOfUsers.get(viewer.userId) ?? []);
    const projects = new Map(
      ids.map((id) => {
        const all = projectsOfUsers.get(id) ?? [];
        return [id, id === viewer.userId ? all : all.filter((p) => shared.has(p))];
      }),
    );
    return users.map((u) =>
      presentUser(
        u,
        profiles.find((p) => p.user_id === u.id),
        projects.get(u.id) ?? [],
        lookup,
      ),
    );
  }

  async function presentOne(userId: string, viewer: Viewer): Promise<User> {
    const user = await findUserById(db, userId);
    if (!user) throw notFound();
    return (await presentMany([user], viewer))[0]!;
  }

  /** A user of the caller's project; 404 for anyone else, so other projects' users stay invisible. */
  async function loadTarget(actor: ProjectActor, id: string) {
    const [user, profile] = await Promise.all([findUserById(db, id), findProfile(db, actor.projectId, id)]);
    if (!user || !profile) throw notFound();
    return { user, roleNames: profileRoles(profile, await lookupOf(actor.projectId)).map((r) => r.name) };
  }

  /**
   * Activation, invitation and deletion act on the whole account, so the caller must be able to
   * manage the target in every project the target belongs to, not only in the current one.
   */
  async function loadManageable(actor: ProjectActor, id: string): Promise<UserRow> {
    const target = await loadTarget(actor, id);
    if (!canManage(actor, id, target.roleNames)) throw forbidden();
    const projectIds = (await findProjectIdsOfUsers(db, [id])).get(id) ?? [];
    for (const projectId of projectIds.filter((p) => p !== actor.projectId)) {
      const membership = await findMembership(db, projectId, actor.userId);
      if (!membership) throw forbidden();
      const activeRole =
        membership.roles.find((r) => String(r.id) === String(membership.profile.activeRole)) ?? membership.roles[0];
      const roleNames = profileRoles(await findProfile(db, projectId, id), await lookupOf(projectId)).map(
        (r) => r.name,
      );
      if (!canManage({ ...actor, projectId, activeRole: activeRole ?? null }, id, roleNames)) throw forbidden();
    }
    return target.user;
  }

  return {
    lookupOf,
    presentOne,

    async list(actor: ProjectActor, input: ListQueryInput) {
      const query = parseListQuery(input, USER_LIST);
      for (const filter of query.equals) {
        if (filter.column !== USER_LIST.columns.is_active) continue;
        if (!filter.values.every((v) => FLAGS.has(v.toLowerCase()))) {
          throw validationError('Invalid query', { is_active: [USER_TEXTS.flagValue] });
        }
        filter.values = filter.values.map((v) => FLAGS.get(v.toLowerCase())!);
      }
      const { count, rows } = await runListQuery(projectUsersQuery(db, actor.projectId), query, USER_LIST);
      return listBody(query, count, await presentMany(rows, actor));
    },

    /** Anyone may read himself; administrators and managers read the users of their project. */
    async get(actor: Actor, id: string): Promise<User> {
      if (id !== actor.userId) await loadTarget(asUserAdministrator(actor), id);
      return presentOne(id, actor);
    },

    async update(actor: Actor, id: string, body: UpdateUserBody): Promise<User> {
      const user =
        id === actor.userId ? await findUserById(db, id) : await loadManageable(asUserAdministrator(actor), id);
      if (!user) throw notFound();
      const username = body.username !== undefined && body.username !== user.username ? body.username : undefined;
      if (username !== undefined && !isUserAdministrator(actor)) throw forbidden();
      const email = body.email !== undefined && body.email !== user.email ? body.email : undefined;
      const taken = await findTakenFields(db, { username, email }, id);
      if (taken.length) throw conflict(USER_TEXTS.updateFailed, takenDetails(taken));
      try {
        await updateUser(db, id, {
          ...(username !== undefined && { username }),
          ...(email !== undefined && { email }),
          ...(body.first_name !== undefined && { first_name: body.first_name }),
          ...(body.last_name !== undefined && { last_name: body.last_name }),
          ...(body.profile_image !== undefined && { profile_image: body.profile_image }),
          updated_at: nowIso(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(USER_TEXTS.updateFailed, takenDetails(['username']));
        throw error;
      }
      return presentOne(id, actor);
    },

    /** Deactivation also ends every session and voids pending reset and invite links. */
    async setActive(actor: ProjectActor, id: string, active: boolean): Promise<User> {
      await loadManageable(actor, id);
      await db.transaction().execute(async (trx) => {
        await updateUser(trx, id, { is_active: toFlag(active), updated_at: nowIso() });
        if (!active) await revokeUserTokens(trx, id, ['session', 'reset', 'invite']);
      });
      return presentOne(id, actor);
    },

    /** A fresh 7-day invite link replaces any earlier one; it is mailed and also returned to the caller. */
    async invite(actor: ProjectActor, id: string): Promise<InviteResponse> {
      const user = await loadManageable(actor, id);
      if (!user.is_active) throw validationError(USER_TEXTS.inviteInactive, { is_active: [USER_TEXTS.inviteInactive] });
      await revokeUserTokens(db, id, ['invite']);
      const token = await sessions.issueToken(id, 'invite', INVITE_TOKEN_TTL_MS, null);
      const inviteLink = passwordLink(new URL(`${config.PUBLIC_URL}${RESET_PASSWORD_PATH}`), token, user.username);
      try {
        await mailer.send({
          to: user.email,
          subject: 'You are invited to Vigil',
          text: `Hello ${user.first_name || user.username},\n\nAn account named "${user.username}" is waiting for you. Choose your password within 7 days here:\n\n${inviteLink}\n`,
        });
      } catch (error) {
        // The caller receives the link and can pass it on by other means.
        app.log.error({ err: error }, 'could not send the invitation e-mail');
      }
      return { invite_link: inviteLink };
    },

    /** Removes the user's profiles in every project, then the account (its tokens cascade), atomically. */
    async remove(actor: ProjectActor, id: string): Promise<void> {
      await loadManageable(actor, id);
      await db.transaction().execute(async (trx) => {
        await deleteProfilesOfUser(trx, id);
        await deleteUser(trx, id);
      });
    },
  };
}

export type UserService = ReturnType<typeof userService>;

import { DEFAULT_LOCALE, MESSAGES, defaultRoleFor, type CreateUserBody, type User } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { newId, nowIso, toJson } from '../../db/values.ts';
import { conflict, forbidden, HttpError, validationError } from '../../http/errors.ts';
import { insertProfile } from '../ui/profile-store.ts';
import { findProjectAccountId } from './membership-store.ts';
import { hashPassword } from './secrets.ts';
import { mayAssign } from './user-access.ts';
import type { ProjectLookup } from './user-presenter.ts';
import { takenDetails, USER_TEXTS, type UserService } from './user-service.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { findTakenFields, insertUser } from './user-store.ts';

/** The roles a new user gets: those asked for, or the project's default role (requirements#roles-permissions). */
function chooseRoles(requested: string[] | undefined, lookup: ProjectLookup) {
  if (requested?.length) {
    const unknown = requested.filter((id) => !lookup.roles.has(id));
    if (unknown.length) throw validationError(MESSAGES.createUserFailed, { roles: [USER_TEXTS.unknownRole] });
    return [...new Set(requested)].map((id) => lookup.roles.get(id)!);
  }
  const fallback = defaultRoleFor([...lookup.roles.values()]);
  if (!fallback) throw validationError(MESSAGES.noRoles);
  return [fallback];
}

/**
 * Creates a user with a profile in the caller's project, in one transaction. The password, when given,
 * is a first one only: is_password_set stays 0 so that the first login asks for a new password.
 */
export function userCreation(app: FastifyInstance, users: UserService) {
  const { db, config } = app;

  return async function createUser(actor: ProjectActor, body: CreateUserBody): Promise<User> {
    const lookup = await users.lookupOf(actor.projectId);
    const roles = chooseRoles(body.roles, lookup);
    if (!roles.every((r) => mayAssign(actor, r.name))) throw forbidden();
    const responderTypeId = body.default_responder_type ?? null;
    if (responderTypeId && !lookup.responderTypes.has(responderTypeId)) {
      throw validationError(MESSAGES.createUserFailed, { default_responder_type: [USER_TEXTS.unknownResponderType] });
    }
    const taken = await findTakenFields(db, { username: body.username, email: body.email });
    if (taken.length) throw conflict(MESSAGES.createUserFailed, takenDetails(taken));

    const accountId = await findProjectAccountId(db, actor.projectId);
    const passwordHash = body.password ? await hashPassword(body.password, config.PASSWORD_HASH_COST) : null;
    const userId = newId();
    const now = nowIso();
    try {
      await db.transaction().execute(async (trx) => {
        await insertUser(trx, {
          id: userId,
          account_id: accountId!,
          username: body.username,
          email: body.email,
          first_name: body.first_name,
          last_name: body.last_name,
          profile_image: null,
          password_hash: passwordHash,
          password_changed_at: passwordHash ? now : null,
          is_password_set: 0,
          is_active: 1,
          created_at: now,
          updated_at: now,
          last_login_at: null,
        });
        await insertProfile(trx, {
          id: newId(),
          project_id: actor.projectId,
          user_id: userId,
          roles: toJson(roles.map((r) => r.id)),
          is_active: 1,
          default_responder_type_id: responderTypeId,
          profile: toJson({ locale: DEFAULT_LOCALE, home_module: null, activeRole: roles[0]!.id }),
          created_at: now,
          updated_at: now,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.createUserFailed, takenDetails(['username']));
      app.log.error({ err: error }, 'could not create a user');
      throw new HttpError(500, 'ServerError', MESSAGES.createUserFailed);
    }
    return users.presentOne(userId, actor);
  };
}

import { MESSAGES, assignableRoleNames } from '@vigil/domain';
import type { Actor, ProjectActor } from '../../http/auth-hook.ts';
import { forbidden } from '../../http/errors.ts';

/** The roles that may use the user-administration calls. */
export const USER_ADMIN_ROLES = ['Administrator', 'Manager'] as const;

export function isUserAdministrator(actor: Actor): actor is ProjectActor {
  return Boolean(
    actor.projectId && actor.activeRole && (USER_ADMIN_ROLES as readonly string[]).includes(actor.activeRole.name),
  );
}

/** The caller as a user administrator of the current project, or 403. */
export function asUserAdministrator(actor: Actor): ProjectActor {
  if (!actor.projectId || !actor.profileId) throw forbidden(MESSAGES.noDataContext);
  if (!isUserAdministrator(actor)) throw forbidden();
  return actor;
}

/** Whether the caller's active role may give `roleName` to someone (requirements#roles-permissions). */
export function mayAssign(actor: Actor, roleName: string): boolean {
  return (assignableRoleNames(actor.activeRole?.name) as readonly string[]).includes(roleName);
}

/**
 * A manageable target is someone else whose roles in the current project the caller could all have
 * assigned: so a manager manages operators, never another manager or an administrator.
 */
export function canManage(actor: ProjectActor, targetUserId: string, targetRoleNames: readonly string[]): boolean {
  return targetUserId !== actor.userId && targetRoleNames.every((name) => mayAssign(actor, name));
}

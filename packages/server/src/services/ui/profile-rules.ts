import { assignableRoleNames } from '@vigil/domain';
import { forbidden } from '../../http/errors.ts';

export interface ProfileChangeRequest {
  actorRoleName: string | undefined;
  /** the caller is changing his own profile */
  own: boolean;
  targetRoleNames: string[];
  addedRoleNames: string[];
  removedRoleNames: string[];
  changesIsActive: boolean;
  changesSettings: boolean;
  changesResponderType: boolean;
}

/**
 * Who may change what in a profile (requirements#roles-permissions): the owner his settings, never his own roles or
 * activity; an administrator or manager another user's roles, activity and responder type, when every
 * role involved, held before or given or taken, is one he may assign. Throws 403 otherwise.
 */
export function authoriseProfileChange(change: ProfileChangeRequest): void {
  const changesRoles = change.addedRoleNames.length > 0 || change.removedRoleNames.length > 0;
  if (change.own) {
    if (changesRoles || change.changesIsActive) throw forbidden();
    return;
  }
  // Locale, home module and active role are the owner's own choices.
  if (change.changesSettings) throw forbidden();
  if (!changesRoles && !change.changesIsActive && !change.changesResponderType) return;
  const assignable: readonly string[] = assignableRoleNames(change.actorRoleName);
  const involved = [...change.targetRoleNames, ...change.addedRoleNames, ...change.removedRoleNames];
  if (!involved.every((name) => assignable.includes(name))) throw forbidden();
}

import { assignableRoleNames, defaultRoleFor, type User, type UserProfile } from '@vigil/domain';

/**
 * Why the signed-in user may not manage someone (ADR 0006): himself, an administrator, someone with
 * a role he may not assign here, someone with such a role in another project, or not known yet
 * (the other projects are still loading).
 */
export type Restriction = 'self' | 'administrator' | 'outranks' | 'elsewhere' | 'checking';

export interface Actor {
  userId: string;
  /** the acting (active) role in the current project */
  roleName: string | undefined;
  projectId: string;
}

/** What the signed-in user sees of another of his projects: his acting role there and everyone's roles. */
export interface ProjectView {
  actorRole: string | undefined;
  /** user id → role names in that project, for the users he can see there */
  rolesOf: ReadonlyMap<string, readonly string[]>;
}

/** Whether `actorRole` may give every one of `roleNames` (requirements#roles-permissions). */
export function mayAssignAll(actorRole: string | undefined, roleNames: readonly string[]): boolean {
  const assignable: readonly string[] = assignableRoleNames(actorRole);
  return roleNames.every((name) => assignable.includes(name));
}

/** The roles of a project that `actorRole` may give to others, in the project's order. */
export function offeredRoles<R extends { name: string }>(roles: readonly R[], actorRole: string | undefined): R[] {
  const assignable: readonly string[] = assignableRoleNames(actorRole);
  return roles.filter((role) => assignable.includes(role.name));
}

/** A new user's preselected roles: Operator, else the first non-administrator role; none if none is offered. */
export function defaultRoleIds(offered: readonly { id: string; name: string }[]): string[] {
  const role = defaultRoleFor(offered);
  return role ? [role.id] : [];
}

/** The caller's view of another project from its user profiles (only his own when he is an operator there). */
export function projectViewOf(profiles: readonly UserProfile[], actorId: string): ProjectView {
  const own = profiles.find((p) => p.user_id === actorId);
  const acting = own && (own.roles.find((r) => r.id === own.profile.activeRole) ?? own.roles[0]);
  return {
    actorRole: acting?.name,
    rolesOf: new Map(profiles.map((p) => [p.user_id, p.roles.map((r) => r.name)])),
  };
}

/**
 * Why `actor` may not edit, activate, deactivate, invite or delete `target`, or null when he may. These
 * act on the whole account, so every other project of the target counts too: there the actor must be a
 * member able to assign all the target's roles. `others` holds the projects read so far (undefined while
 * loading); a project missing from it is one the actor cannot read.
 */
export function restrictionOf(
  actor: Actor,
  target: Pick<User, 'id' | 'roles' | 'projects'>,
  others: ReadonlyMap<string, ProjectView> | undefined,
): Restriction | null {
  if (target.id === actor.userId) return 'self';
  const names = target.roles.map((r) => r.name);
  if (names.includes('Administrator')) return 'administrator';
  if (!mayAssignAll(actor.roleName, names)) return 'outranks';
  const elsewhere = target.projects.filter((p) => p !== actor.projectId);
  if (elsewhere.length === 0) return null;
  if (!others) return 'checking';
  for (const projectId of elsewhere) {
    const view = others.get(projectId);
    const roles = view?.rolesOf.get(target.id);
    if (!view || !roles || !mayAssignAll(view.actorRole, roles)) return 'elsewhere';
  }
  return null;
}

/** The actions a row offers for a manageable user; an inactive user must be activated before an invitation. */
export function rowActions(target: Pick<User, 'is_active'>, restriction: Restriction | null) {
  const manageable = restriction === null;
  return {
    edit: manageable,
    invite: manageable && target.is_active,
    activate: manageable && !target.is_active,
    deactivate: manageable && target.is_active,
    delete: manageable,
  };
}

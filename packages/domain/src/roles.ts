export const ROLE_NAMES = ['Administrator', 'Manager', 'Operator'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const ASSIGNABLE: Record<string, readonly RoleName[]> = {
  Administrator: ['Manager', 'Operator'],
  Manager: ['Operator'],
  Operator: [],
};

/** Role names that a user acting in `actorRole` may give to others (requirements#roles-permissions). */
export function assignableRoleNames(actorRole: string | undefined): readonly RoleName[] {
  return (actorRole && ASSIGNABLE[actorRole]) || [];
}

/** A new user's role: Operator, or else the first role that is not Administrator. */
export function defaultRoleFor<R extends { name: string }>(roles: readonly R[]): R | undefined {
  return roles.find((r) => r.name === 'Operator') ?? roles.find((r) => r.name !== 'Administrator');
}

/**
 * Roles that change and delete what others wrote (media files, journal entries, manual readings) and
 * delete journals; everyone else changes only their own (ADR 0006).
 */
export const CURATOR_ROLES: readonly RoleName[] = ['Administrator', 'Manager'];
export const isCurator = (roleName: string | undefined | null) =>
  !!roleName && (CURATOR_ROLES as readonly string[]).includes(roleName);

/** Administrators see every notification of their project, whoever it is addressed to (ADR 0031). */
export const seesEveryNotification = (roleNames: readonly string[]) => roleNames.includes('Administrator');

/**
 * Whether a member with these roles receives a notification addressed to `recipientRole` (an
 * alarm's escalation, ADR 0031): every member when it names none; else the users of that role, and
 * administrators.
 */
export const receivesNotification = (recipientRole: string | null | undefined, roleNames: readonly string[]) =>
  !recipientRole || roleNames.includes(recipientRole) || seesEveryNotification(roleNames);

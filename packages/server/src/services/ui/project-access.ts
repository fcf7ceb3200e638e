import type { Db } from '../../db/connection.ts';
import type { Role } from '../../http/auth-hook.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { findMembership } from '../auth/session-store.ts';

/** The caller as a member of one project: his profile there and the roles of THAT project. */
export interface Member {
  userId: string;
  projectId: string;
  profileId: string;
  roles: Role[];
  activeRole: Role | null;
}

/**
 * The caller's active membership of `projectId`, or 404: whether another project exists, and what it
 * holds, is never revealed.
 */
export async function requireMember(db: Db, projectId: string, userId: string): Promise<Member> {
  const membership = await findMembership(db, projectId, userId);
  if (!membership) throw notFound();
  const roles = membership.roles;
  const preferred = roles.find((r) => String(r.id) === String(membership.profile.activeRole));
  return { userId, projectId, profileId: membership.profileId, roles, activeRole: preferred ?? roles[0] ?? null };
}

export const actsAs = (member: Member, ...roleNames: string[]): boolean =>
  !!member.activeRole && roleNames.includes(member.activeRole.name);

export function requireActingAs(member: Member, ...roleNames: string[]): void {
  if (!actsAs(member, ...roleNames)) throw forbidden();
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';

type Reader = Kysely<Database> | Transaction<Database>;

/** The locale of the user's profile: the project's, or any of theirs without a project. */
export async function findUserLocale(db: Reader, projectId: string | null, userId: string | null): Promise<unknown> {
  if (!userId) return null;
  const row = await db
    .selectFrom('user_profiles')
    .select('profile')
    .where('user_id', '=', userId)
    .$if(projectId !== null, (q) => q.where('project_id', '=', projectId!))
    .orderBy('created_at')
    .executeTakeFirst();
  return fromJson<{ locale?: unknown }>(row?.profile, {}).locale ?? null;
}

/** The active members of the project holding a role of that name. */
export async function findUsersOfRole(db: Reader, projectId: string, roleName: string): Promise<string[]> {
  const roles = await db
    .selectFrom('roles')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', roleName)
    .execute();
  if (!roles.length) return [];
  const ids = new Set(roles.map((r) => String(r.id)));
  const profiles = await db
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.user_id')
    .select(['user_profiles.user_id', 'user_profiles.roles'])
    .where('user_profiles.project_id', '=', projectId)
    .where('user_profiles.is_active', '=', 1)
    .where('users.is_active', '=', 1)
    .execute();
  return profiles
    .filter((p) => fromJson<unknown[]>(p.roles, []).some((id) => ids.has(String(id))))
    .map((p) => p.user_id);
}

/** Which of the users are members of the project. */
export async function findProjectMembers(
  db: Reader,
  projectId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom('user_profiles')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The verified contacts of the users, of the kinds asked for. */
export async function findVerifiedContacts(db: Reader, userIds: readonly string[], kinds: readonly string[]) {
  if (!userIds.length || !kinds.length) return [];
  return db
    .selectFrom('contacts')
    .select(['id', 'user_id', 'kind', 'address', 'quiet_hours'])
    .where('user_id', 'in', [...userIds])
    .where('kind', 'in', [...kinds])
    .where('verified_at', 'is not', null)
    .orderBy('created_at')
    .execute();
}

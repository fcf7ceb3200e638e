import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { UserProfilesTable } from '../../db/schema.ts';

export type ProfileRow = Selectable<UserProfilesTable>;

/** Users holding a profile in the project: the base query of the users list. */
export function projectUsersQuery(db: Db, projectId: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .where('user_profiles.project_id', '=', projectId)
    .selectAll('users');
}

export async function findProfile(db: Db, projectId: string, userId: string): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('user_profiles')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findProfilesInProject(db: Db, projectId: string, userIds: string[]): Promise<ProfileRow[]> {
  if (!userIds.length) return [];
  return db
    .selectFrom('user_profiles')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', 'in', userIds)
    .execute();
}

/** user id → ids of the projects where the user has a profile, by project name. */
export async function findProjectIdsOfUsers(db: Db, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return byUser;
  const rows = await db
    .selectFrom('user_profiles')
    .innerJoin('projects', 'projects.id', 'user_profiles.project_id')
    .select(['user_profiles.user_id as userId', 'projects.id as projectId'])
    .where('user_profiles.user_id', 'in', userIds)
    .orderBy('projects.name')
    .orderBy('projects.id')
    .execute();
  for (const row of rows) byUser.get(row.userId)?.push(row.projectId);
  return byUser;
}

/** The project's roles in the order they were made (the default role is picked from this order). */
export async function findProjectRoles(db: Db, projectId: string) {
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
}

export async function findProjectResponderTypes(db: Db, projectId: string) {
  return db
    .selectFrom('responder_types')
    .select(['id', 'title'])
    .where('project_id', '=', projectId)
    .orderBy('title')
    .execute();
}

export async function findProjectAccountId(db: Db, projectId: string): Promise<string | undefined> {
  const row = await db.selectFrom('projects').select('account_id').where('id', '=', projectId).executeTakeFirst();
  return row?.account_id;
}

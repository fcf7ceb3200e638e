import type { Db } from '../../db/connection.ts';

export async function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Projects where the user has an active profile, by name: the first is the default data context. */
export async function findMemberProjectIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_profiles')
    .innerJoin('projects', 'projects.id', 'user_profiles.project_id')
    .select('projects.id')
    .where('user_profiles.user_id', '=', userId)
    .where('user_profiles.is_active', '=', 1)
    .orderBy('projects.name')
    .orderBy('projects.id')
    .execute();
  return rows.map((r) => r.id);
}

export async function touchLastLogin(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
}

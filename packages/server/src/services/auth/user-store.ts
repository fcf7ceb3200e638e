import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export async function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUsersByIds(db: Db, ids: string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

/** Active users with this e-mail address, compared without regard to case. */
export async function findActiveUsersByEmail(db: Db, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('is_active', '=', 1)
    .execute();
}

/** Which of `username` and `email` another user already holds (case-insensitively). */
export async function findTakenFields(
  db: Db,
  values: { username?: string | undefined; email?: string | undefined },
  exceptUserId?: string,
): Promise<Array<'username' | 'email'>> {
  const taken: Array<'username' | 'email'> = [];
  for (const field of ['username', 'email'] as const) {
    const value = values[field];
    if (value === undefined) continue;
    let query = db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(${sql.ref(field)})`, '=', value.toLowerCase());
    if (exceptUserId) query = query.where('id', '!=', exceptUserId);
    if (await query.limit(1).executeTakeFirst()) taken.push(field);
  }
  return taken;
}

export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(db: Db, id: string, changes: Updateable<UsersTable>): Promise<void> {
  if (!Object.keys(changes).length) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
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

import type { Db } from '../../db/connection.ts';

/** Base query of the permission-groups list. */
export function permissionGroupsQuery(db: Db) {
  return db.selectFrom('permission_groups').selectAll();
}

export async function findAccountOfUser(db: Db, userId: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('users', 'users.account_id', 'accounts.id')
    .select(['accounts.id', 'accounts.name', 'accounts.created_at'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { UserProfilesTable } from '../../db/schema.ts';
import { fromJson, nowIso, toFlag, toJson } from '../../db/values.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

/** The per-project settings stored with a profile (any of them may be missing in old rows). */
export interface ProfileSettings {
  locale?: string;
  home_module?: string | null;
  activeRole?: string | number | null;
}

export interface ProfileRecord {
  id: string;
  projectId: string;
  userId: string;
  username: string;
  email: string;
  roleIds: string[];
  isActive: boolean;
  defaultResponderTypeId: string | null;
  settings: ProfileSettings;
  createdAt: string;
  updatedAt: string;
}

export interface ProfileChanges {
  roleIds?: string[];
  isActive?: boolean;
  defaultResponderTypeId?: string | null;
  settings?: ProfileSettings;
}

export const profileList: ListSpec = {
  columns: {
    id: 'user_profiles.id',
    user_id: 'user_profiles.user_id',
    username: 'users.username',
    is_active: 'user_profiles.is_active',
    created_at: 'user_profiles.created_at',
    updated_at: 'user_profiles.updated_at',
  },
  filters: ['username', 'is_active'],
  defaultOrdering: 'username',
  tieBreaker: 'user_profiles.id',
};

function profilesQuery(db: Db, projectId: string) {
  return db
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.user_id')
    .select([
      'user_profiles.id',
      'user_profiles.project_id',
      'user_profiles.user_id',
      'users.username',
      'users.email',
      'user_profiles.roles',
      'user_profiles.is_active',
      'user_profiles.default_responder_type_id',
      'user_profiles.profile',
      'user_profiles.created_at',
      'user_profiles.updated_at',
    ])
    .where('user_profiles.project_id', '=', projectId);
}

type ProfileRow = Awaited<ReturnType<ReturnType<typeof profilesQuery>['executeTakeFirstOrThrow']>>;

const toRecord = (row: ProfileRow): ProfileRecord => ({
  id: row.id,
  projectId: row.project_id,
  userId: row.user_id,
  username: row.username,
  email: row.email,
  roleIds: fromJson<unknown[]>(row.roles, []).map(String),
  isActive: Boolean(row.is_active),
  defaultResponderTypeId: row.default_responder_type_id,
  settings: fromJson(row.profile, {}),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** One page of the project's profiles; with `onlyUserId`, just that user's. */
export async function listProfiles(db: Db, projectId: string, query: ListQuery, onlyUserId?: string) {
  let base = profilesQuery(db, projectId);
  if (onlyUserId) base = base.where('user_profiles.user_id', '=', onlyUserId);
  const { count, rows } = await runListQuery(base, query, profileList);
  return { count, records: rows.map(toRecord) };
}

/** A profile of the project by its own id or by its user's id. */
export async function findProfileByKey(db: Db, projectId: string, key: string): Promise<ProfileRecord | undefined> {
  const row = await profilesQuery(db, projectId)
    .where((eb) => eb.or([eb('user_profiles.id', '=', key), eb('user_profiles.user_id', '=', key)]))
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function updateProfile(db: Db, projectId: string, profileId: string, changes: ProfileChanges) {
  await db
    .updateTable('user_profiles')
    .set({
      ...(changes.roleIds && { roles: toJson(changes.roleIds) }),
      ...(changes.isActive !== undefined && { is_active: toFlag(changes.isActive) }),
      ...(changes.defaultResponderTypeId !== undefined && {
        default_responder_type_id: changes.defaultResponderTypeId,
      }),
      ...(changes.settings && { profile: toJson(changes.settings) }),
      updated_at: nowIso(),
    })
    .where('project_id', '=', projectId)
    .where('id', '=', profileId)
    .execute();
}

/** A user's profile in a project: written when auth creates the user or adds them to a project. */
export async function insertProfile(db: Db, row: Insertable<UserProfilesTable>): Promise<void> {
  await db.insertInto('user_profiles').values(row).execute();
}

/** Removes the user's profiles in every project (their per-module data cascades). */
export async function deleteProfilesOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user_profiles').where('user_id', '=', userId).execute();
}

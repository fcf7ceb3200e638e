import { newId, nowIso, toJson } from '../../db/values.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { hashPassword } from '../auth/secrets.ts';

export const CERRO = 'Cerro Azul Tailings Storage Facility';
export const OUSE = 'Ouse Flood Embankment';
export const EXTRA_PASSWORD = 'fixture-pass-1';

/** Ids of the demo site, read from the database of a test app. */
export function demoIds(t: TestApp) {
  return {
    async project(name: string) {
      return (await t.db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    },
    async roles(projectId: string): Promise<Record<string, string>> {
      const rows = await t.db.selectFrom('roles').select(['id', 'name']).where('project_id', '=', projectId).execute();
      return Object.fromEntries(rows.map((r) => [r.name, r.id]));
    },
    async module(projectId: string, path: string) {
      return (
        await t.db
          .selectFrom('modules')
          .select('id')
          .where('project_id', '=', projectId)
          .where('path', '=', path)
          .executeTakeFirstOrThrow()
      ).id;
    },
    async userId(username: string) {
      return (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
        .id;
    },
    async profileId(projectId: string, username: string) {
      const row = await t.db
        .selectFrom('user_profiles')
        .innerJoin('users', 'users.id', 'user_profiles.user_id')
        .select('user_profiles.id')
        .where('user_profiles.project_id', '=', projectId)
        .where('users.username', '=', username)
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

/** Creates a user (password EXTRA_PASSWORD) holding the given role ids in each given project. */
export async function addMember(
  t: TestApp,
  username: string,
  memberships: Array<{ projectId: string; roleIds: string[] }>,
) {
  const userId = newId();
  const now = nowIso();
  const account = await t.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
  await t.db
    .insertInto('users')
    .values({
      id: userId,
      account_id: account.id,
      username,
      email: `${username}@example.com`,
      first_name: 'Test',
      last_name: 'Member',
      profile_image: null,
      password_hash: await hashPassword(EXTRA_PASSWORD, 10),
      password_changed_at: now,
      is_password_set: 1,
      is_active: 1,
      created_at: now,
      updated_at: now,
      last_login_at: null,
    })
    .execute();
  for (const { projectId, roleIds } of memberships) {
    await t.db
      .insertInto('user_profiles')
      .values({
        id: newId(),
        project_id: projectId,
        user_id: userId,
        roles: toJson(roleIds),
        is_active: 1,
        default_responder_type_id: null,
        profile: toJson({ locale: 'en-US', home_module: null, activeRole: roleIds[0] }),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return userId;
}

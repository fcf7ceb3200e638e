import { newId, nowIso, toJson } from '../db/values.ts';
import { hashPassword } from '../services/auth/secrets.ts';
import type { TestApp } from './test-app.ts';

/**
 * A user written straight into the database, with a profile holding `roleIds` in each project
 * (the first role active). For tests that need people the demo site does not have.
 */
export async function insertUser(
  t: TestApp,
  username: string,
  options: {
    password: string;
    email?: string;
    lastName?: string;
    memberships: Array<{ projectId: string; roleIds: string[] }>;
  },
): Promise<string> {
  const userId = newId();
  const now = nowIso();
  const account = await t.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
  await t.db
    .insertInto('users')
    .values({
      id: userId,
      account_id: account.id,
      username,
      email: options.email ?? `${username}@example.com`,
      first_name: 'Test',
      last_name: options.lastName ?? 'User',
      profile_image: null,
      password_hash: await hashPassword(options.password, 10),
      password_changed_at: now,
      is_password_set: 1,
      is_active: 1,
      created_at: now,
      updated_at: now,
      last_login_at: null,
    })
    .execute();
  for (const { projectId, roleIds } of options.memberships) {
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

import type { TestApp } from '../../test-support/test-app.ts';
import { insertUser } from '../../test-support/users.ts';

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
export function addMember(t: TestApp, username: string, memberships: Array<{ projectId: string; roleIds: string[] }>) {
  return insertUser(t, username, { password: EXTRA_PASSWORD, lastName: 'Member', memberships });
}

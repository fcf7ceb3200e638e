import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newId, nowIso, toJson } from '../../db/values.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { hashPassword } from './secrets.ts';

export const API = '/auth/api/v1';
export const CERRO = 'Cerro Azul Tailings Storage Facility';
export const OUSE = 'Ouse Flood Embankment';

export async function projectId(t: TestApp, name: string): Promise<string> {
  return (await t.db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export async function roleId(t: TestApp, project: string, name: string): Promise<string> {
  const row = await t.db
    .selectFrom('roles')
    .select('id')
    .where('project_id', '=', await projectId(t, project))
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userId(t: TestApp, username: string): Promise<string> {
  return (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

/** A user written straight into the database, with a profile and one role in each named project. */
export async function seedUser(
  t: TestApp,
  username: string,
  options: { projects?: string[]; role?: string; password?: string } = {},
): Promise<string> {
  const id = newId();
  const now = nowIso();
  const account = await t.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
  await t.db
    .insertInto('users')
    .values({
      id,
      account_id: account.id,
      username,
      email: `${username}@vigil.test`,
      first_name: 'Test',
      last_name: username,
      profile_image: null,
      password_hash: await hashPassword(options.password ?? 'seeded-pass', 10),
      password_changed_at: now,
      is_password_set: 1,
      is_active: 1,
      created_at: now,
      updated_at: now,
      last_login_at: null,
    })
    .execute();
  for (const project of options.projects ?? [CERRO]) {
    const role = await roleId(t, project, options.role ?? 'Operator');
    await t.db
      .insertInto('user_profiles')
      .values({
        id: newId(),
        project_id: await projectId(t, project),
        user_id: id,
        roles: toJson([role]),
        is_active: 1,
        default_responder_type_id: null,
        profile: toJson({ locale: 'en-US', home_module: null, activeRole: role }),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return id;
}

/** The newest e-mail written to the outbox for `to` (no SMTP_URL in tests). */
export async function lastMailTo(t: TestApp, to: string): Promise<string | undefined> {
  const outbox = join(t.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith(`-${to}.eml`)).sort();
  const newest = files.at(-1);
  return newest ? readFile(join(outbox, newest), 'utf8') : undefined;
}

/** The first link in a mail, with its token and username parameters. */
export function linkIn(mail: string | undefined): { link: string; token: string; username: string } {
  const link = /https?:\/\/\S+/.exec(mail ?? '')?.[0];
  if (!link) throw new Error(`no link in mail: ${mail}`);
  const params = new URL(link).searchParams;
  return { link, token: params.get('token') ?? '', username: params.get('username') ?? '' };
}

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestApp } from '../../test-support/test-app.ts';
import { insertUser } from '../../test-support/users.ts';

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
  const memberships = [];
  for (const project of options.projects ?? [CERRO]) {
    memberships.push({
      projectId: await projectId(t, project),
      roleIds: [await roleId(t, project, options.role ?? 'Operator')],
    });
  }
  return insertUser(t, username, {
    password: options.password ?? 'seeded-pass',
    email: `${username}@vigil.test`,
    lastName: username,
    memberships,
  });
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

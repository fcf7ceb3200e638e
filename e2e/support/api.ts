import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';

export const DEMO_PASSWORD = 'vigil-demo';

/** Logs in through the API and returns the token. */
export async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const response = await request.post('/auth/api/v1/users/login/', { data: { username, password } });
  if (!response.ok()) throw new Error(`login ${username}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { token: string; user_id: string };
}

export const auth = (token: string) => ({ Authorization: `Token ${token}` });

/**
 * A fresh user of the demo's first project (Cerro Azul), created by the administrator, invited and
 * given `password`: tests that change a user's state use their own.
 */
export async function createUser(
  request: APIRequestContext,
  username: string,
  options: { password?: string; first_name?: string; last_name?: string } = {},
) {
  const admin = await apiLogin(request, 'admin');
  const created = await request.post('/auth/api/v1/users', {
    headers: auth(admin.token),
    data: {
      username,
      email: `${username}@example.com`,
      first_name: options.first_name ?? 'Test',
      last_name: options.last_name ?? 'Operator',
    },
  });
  if (created.status() !== 201) throw new Error(`create ${username}: ${await created.text()}`);
  const user = (await created.json()) as { id: string };
  const invite = await request.post(`/auth/api/v1/users/${user.id}/invite`, { headers: auth(admin.token) });
  const link = new URL(((await invite.json()) as { invite_link: string }).invite_link);
  const password = options.password ?? 'e2e-password';
  const reset = await request.post('/auth/api/v1/users/reset-password', {
    headers: auth(link.searchParams.get('token')!),
    data: { new_password: password, confirm_password: password },
  });
  if (!reset.ok()) throw new Error(`set password of ${username}: ${await reset.text()}`);
  return { id: user.id, username, password };
}

/** The newest e-mail in the server's outbox addressed to `to`. */
export async function lastMailTo(to: string): Promise<string> {
  const outbox = join(E2E_DATA_DIR, 'outbox');
  const files = (await readdir(outbox)).filter((f) => f.endsWith(`-${to}.eml`)).sort();
  const newest = files.at(-1);
  if (!newest) throw new Error(`no e-mail to ${to}`);
  return readFile(join(outbox, newest), 'utf8');
}

/** The first link of an e-mail. */
export function linkIn(mail: string): URL {
  const match = /https?:\/\/\S+/.exec(mail);
  if (!match) throw new Error('no link in the e-mail');
  return new URL(match[0]);
}

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth } from './api.ts';

/** A username nobody else uses in this run. */
export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The login form's fields, by their exact labels. */
export function loginForm(page: Page) {
  return {
    username: page.getByLabel('Username', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Sign in', exact: true }),
    async signIn(username: string, password: string) {
      await this.username.fill(username);
      await this.password.fill(password);
      await this.submit.click();
    },
  };
}

/** The new-password form of the reset and password-expired screens. */
export async function setNewPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(confirmation);
  await page.getByRole('button', { name: 'Change password' }).click();
}

/** The session the web app stored ('vigil.session'), once it has one. */
export async function storedSession(page: Page) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('vigil.session'))).not.toBeNull();
  return JSON.parse((await page.evaluate(() => localStorage.getItem('vigil.session')))!) as {
    token: string;
    userId: string;
    projectId: string;
  };
}

/**
 * A user created by the administrator with a first password: is_password_set stays 0, so signing in
 * with it is refused with ExpiredPasswordError until the user chooses their own.
 */
export async function createUserWithFirstPassword(request: APIRequestContext, username: string, password: string) {
  const admin = await apiLogin(request, 'admin');
  const created = await request.post('/auth/api/v1/users', {
    headers: auth(admin.token),
    data: { username, email: `${username}@example.com`, first_name: 'First', last_name: 'Login', password },
  });
  if (created.status() !== 201) throw new Error(`create ${username}: ${await created.text()}`);
  return { username, password };
}

/** The ids of the projects `username` can open, by name. */
export async function projectIds(request: APIRequestContext, username: string) {
  const { token } = await apiLogin(request, username);
  const response = await request.get('/ui/api/v1/projects', { headers: auth(token) });
  const { objects } = (await response.json()) as { objects: { id: string; name: string }[] };
  return Object.fromEntries(objects.map((p) => [p.name, p.id]));
}

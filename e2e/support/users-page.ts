import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth, DEMO_PASSWORD } from './api.ts';
import { signInWithStoredSession } from './stored-session.ts';

/** Signs `username` in (stored session) and opens the Users screen with its list loaded. */
export async function openUsers(page: Page, username: string, password = DEMO_PASSWORD) {
  const session = await signInWithStoredSession(page, username, password);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 30_000 });
  // The summary appears once the list has loaded.
  await expect(page.getByText(/^Users: \d+/)).toBeVisible();
  return session;
}

export const usersTable = (page: Page) => page.getByRole('table', { name: 'Users of the project' });

/** The row of `username`, found through the search box (other tests keep adding users). */
export async function findRow(page: Page, username: string) {
  await page.getByRole('textbox', { name: 'Search users' }).fill(username);
  const row = usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: username, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

export const actionsOf = (page: Page, username: string) =>
  page.getByRole('button', { name: `Actions for ${username}`, exact: true });

/** Opens the actions menu of `username` and clicks one of its items. */
export async function rowAction(page: Page, username: string, action: string) {
  await findRow(page, username);
  await actionsOf(page, username).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The roles of the first project (Cerro Azul) by name, read as the administrator. */
export async function projectRoles(request: APIRequestContext) {
  const { token } = await apiLogin(request, 'admin');
  const projects = await request.get('/ui/api/v1/projects', { headers: auth(token) });
  const project = ((await projects.json()) as { objects: { id: string }[] }).objects[0]!;
  const roles = await request.get(`/ui/api/v1/projects/${project.id}/roles`, { headers: auth(token) });
  const objects = ((await roles.json()) as { objects: { id: string; name: string }[] }).objects;
  return { projectId: project.id, ...Object.fromEntries(objects.map((r) => [r.name, r.id])) } as {
    projectId: string;
    Administrator: string;
    Manager: string;
    Operator: string;
  };
}

/** A fresh user of Cerro Azul with the given roles (else the default, Operator), created by the administrator; no password yet. */
export async function createFreshUser(
  request: APIRequestContext,
  username: string,
  roles: string[] = [],
  names: { first_name: string; last_name: string } = { first_name: 'Fresh', last_name: 'User' },
) {
  const { token } = await apiLogin(request, 'admin');
  const created = await request.post('/auth/api/v1/users', {
    headers: auth(token),
    data: { username, email: `${username}@example.com`, ...names, roles },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; username: string };
}

/** Gives a fresh user a password through his invitation, as he would himself. */
export async function setPasswordOf(request: APIRequestContext, userId: string, password = 'e2e-password') {
  const { token } = await apiLogin(request, 'admin');
  const invite = await request.post(`/auth/api/v1/users/${userId}/invite`, { headers: auth(token) });
  const link = new URL(((await invite.json()) as { invite_link: string }).invite_link);
  const reset = await request.post('/auth/api/v1/users/reset-password', {
    headers: auth(link.searchParams.get('token')!),
    data: { new_password: password, confirm_password: password },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  return password;
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth, DEMO_PASSWORD } from './api.ts';
import { signInWithStoredSession } from './stored-session.ts';

const LOCALES = join(import.meta.dirname, '../../packages/web/public/locales');
/** The main menu's name in every language: a user's own language may apply before the check does. */
const MAIN_MENU = new RegExp(
  `^(${readdirSync(LOCALES)
    .map(
      (l) =>
        (JSON.parse(readFileSync(join(LOCALES, l, 'shell.json'), 'utf8')) as { menu: { label: string } }).menu.label,
    )
    .map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})$`,
);

/** Signs a user in (stored session) and opens `path` in the application shell. */
export async function openShell(page: Page, username: string, path = '/', password = DEMO_PASSWORD) {
  const session = await signInWithStoredSession(page, username, password);
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: MAIN_MENU })).toBeVisible();
  return session;
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The administrator's token with the project called `projectName` as its data context. */
export async function adminIn(request: APIRequestContext, projectName: string) {
  const { token } = await apiLogin(request, 'admin');
  const projects = await request.get('/ui/api/v1/projects', { headers: auth(token) });
  const project = ((await projects.json()) as { objects: { id: string; name: string }[] }).objects.find(
    (p) => p.name === projectName,
  );
  if (!project) throw new Error(`no project ${projectName}`);
  const switched = await request.post('/auth/api/v1/users/switch-data-context/', {
    headers: auth(token),
    data: { data_context: project.id },
  });
  expect(switched.ok()).toBe(true);
  return { token, projectId: project.id };
}

/** Takes `roleId` off the modules at `paths` of the admin token's project. */
export async function withdrawModules(request: APIRequestContext, token: string, roleId: string, paths: string[]) {
  const list = await request.get('/ui/api/v1/modules?paginate_by=100', { headers: auth(token) });
  const modules = ((await list.json()) as { objects: { id: string; path: string; roles: string[] }[] }).objects;
  for (const path of paths) {
    const module = modules.find((m) => m.path === path);
    if (!module) throw new Error(`no module ${path}`);
    const patched = await request.patch(`/ui/api/v1/modules/${module.id}`, {
      headers: auth(token),
      data: { roles: module.roles.filter((id) => id !== roleId) },
    });
    expect(patched.ok(), await patched.text()).toBe(true);
  }
}

/** A new user of the admin token's project, with its default role (Operator) and a password set. */
export async function createProjectUser(request: APIRequestContext, token: string, username: string) {
  const created = await request.post('/auth/api/v1/users', {
    headers: auth(token),
    data: { username, email: `${username}@example.com`, first_name: 'Ouse', last_name: 'Observer' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const invite = await request.post(`/auth/api/v1/users/${id}/invite`, { headers: auth(token) });
  const link = new URL(((await invite.json()) as { invite_link: string }).invite_link);
  const password = 'e2e-password';
  const reset = await request.post('/auth/api/v1/users/reset-password', {
    headers: auth(link.searchParams.get('token')!),
    data: { new_password: password, confirm_password: password },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  return { id, username, password };
}

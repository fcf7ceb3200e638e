import type { Page } from '@playwright/test';
import { apiLogin, auth } from './api.ts';

/**
 * Signs `username` in without the login form: logs in through the API, makes the first project the
 * session's data context and stores the session where the web app keeps it ('vigil.session').
 * Returns what was stored.
 */
export async function signInWithStoredSession(page: Page, username: string, password: string) {
  const { token, user_id: userId } = await apiLogin(page.request, username, password);
  const projects = await page.request.get('/ui/api/v1/projects', { headers: auth(token) });
  if (!projects.ok()) throw new Error(`projects of ${username}: ${await projects.text()}`);
  const project = ((await projects.json()) as { objects: { id: string; name: string }[] }).objects[0];
  if (!project) throw new Error(`${username} has no project`);
  const switched = await page.request.post('/auth/api/v1/users/switch-data-context/', {
    headers: auth(token),
    data: { data_context: project.id },
  });
  if (!switched.ok()) throw new Error(`switch-data-context of ${username}: ${await switched.text()}`);
  // Any page of the origin will do to reach its localStorage; a static file loads no application.
  await page.goto('/favicon.svg');
  const session = { token, userId, projectId: project.id };
  await page.evaluate((value) => localStorage.setItem('vigil.session', JSON.stringify(value)), session);
  return { ...session, projectName: project.name };
}

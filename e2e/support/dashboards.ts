import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { auth } from './api.ts';

interface Tree {
  version: 1;
  pages: Array<{ path: string; title: string; cards: unknown[] }>;
}

/** The project's safety-state dashboards as stored (ADR 0020), with the version an edit starts from. */
export async function dashboardTree(request: APIRequestContext, token: string, projectId: string) {
  const modules = await request.get('/ui/api/v1/modules?paginate_by=100', { headers: auth(token) });
  const moduleId = ((await modules.json()) as { objects: { id: string; path: string }[] }).objects.find(
    (m) => m.path === 'safety-state',
  )!.id;
  const url = `/ui/api/v1/projects/${projectId}/modules/${moduleId}`;
  const response = await request.get(url, { headers: auth(token) });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { timestamp: string; data: Tree };
  return { url, tree: body.data, version: body.timestamp };
}

/** Adds a page under root holding `cards`, as an administrator would through the editor. */
export async function addDashboardPage(
  request: APIRequestContext,
  admin: { token: string; projectId: string },
  page: { segment: string; title: string; cards: unknown[] },
) {
  // Other tests edit the same tree: on a conflict, read their version and add the page to it.
  for (let attempt = 1; ; attempt++) {
    const { url, tree, version } = await dashboardTree(request, admin.token, admin.projectId);
    tree.pages.push({ path: `root/${page.segment}`, title: page.title, cards: page.cards });
    const saved = await request.put(url, {
      headers: auth(admin.token),
      data: { action: 'persist', timestamp: version, data: tree },
    });
    if (saved.status() === 409 && attempt < 5) continue;
    expect(saved.ok(), await saved.text()).toBe(true);
    return `/safety-state/root/${page.segment}`;
  }
}

/** A dashboard card by its title (each card is a region named after it). */
export const card = (page: Page, title: string | RegExp) => page.getByRole('region', { name: title, exact: true });

/** The coloured state block of a device state card. */
export const stateBlock = (page: Page, title: string) =>
  card(page, title).getByRole('button', { name: new RegExp(`^${title}: `) });

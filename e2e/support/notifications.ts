import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { auth } from './api.ts';
import { adminIn, createProjectUser } from './shell.ts';

export const CERRO_AZUL = 'Cerro Azul Tailings Storage Facility';
export const OUSE = 'Ouse Flood Embankment';

/** The administrator in Cerro Azul, who may ingest readings, and a fresh user there who sees only what happens from now on. */
export async function notificationsSetup(request: APIRequestContext, prefix: string) {
  const admin = await adminIn(request, CERRO_AZUL);
  const username = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const user = await createProjectUser(request, admin.token, username);
  return { admin, user };
}

/** Sends readings through the ingest API as the administrator (requirements#http-contract). */
export async function ingest(
  request: APIRequestContext,
  token: string,
  payloads: Array<{ eid: string; raw_metrics: Record<string, number>; read_at?: string }>,
) {
  const response = await request.post('/ingest/api/v1/payloads', {
    headers: auth(token),
    data: payloads.map((p) => ({ read_at: new Date().toISOString(), ...p })),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** An instrument of the project by its EID, with its context and limits. */
export async function instrumentByEid(request: APIRequestContext, token: string, eid: string) {
  const response = await request.get(`/device-registry/api/v1/instruments?eid=${eid}&fields=id,context,metric_limits`, {
    headers: auth(token),
  });
  expect(response.ok(), await response.text()).toBe(true);
  const [device] = (await response.json()).objects as Array<{
    id: string;
    context: Record<string, number>;
    metric_limits: Array<{ metric: string; level: string; value: number }>;
  }>;
  if (!device) throw new Error(`no instrument ${eid}`);
  return device;
}

/** The bell of the top bar; its name carries the unread count. A dialog open above hides it from the accessibility tree. */
export const bell = (page: Page) =>
  page.getByRole('button', { name: /^Notifications, unread: \d+$/, includeHidden: true });

/** The unread count the bell shows. */
export async function unreadOnBell(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)$/.exec(name)?.[1]);
}

export const drawer = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

/** The notification buttons of the drawer's list whose text matches. */
export const drawerItem = (page: Page, text: string | RegExp) =>
  drawer(page).getByRole('list', { name: 'Notifications' }).getByRole('button', { name: text });

export async function openDrawer(page: Page) {
  await bell(page).click();
  await expect(drawer(page)).toBeVisible();
  // The pointer would otherwise rest on the drawer's header and hold a tooltip open.
  await page.mouse.move(0, 400);
}

/** Opens the drawer's filter panel, lets `choose` set the filters, and applies them. */
export async function applyFilters(page: Page, choose: (panel: ReturnType<Page['getByRole']>) => Promise<void>) {
  const panel = page.getByRole('form', { name: 'Notification filters' });
  if (!(await panel.isVisible())) await drawer(page).getByRole('button', { name: 'Filters' }).click();
  await expect(panel).toBeVisible();
  await choose(panel);
  await panel.getByRole('button', { name: 'Apply' }).click();
  // Applied filters fold the panel away.
  await expect(panel).toBeHidden();
}

/**
 * Waits until the alerts' snackbars (5 s each) have gone, so that a screenshot shows what is under
 * them. Tests running beside this one may raise alerts in the same project all along: after 15 s the
 * screenshot shows them rather than the test failing on what it does not test.
 */
export async function afterSnackbars(page: Page) {
  await expect(page.getByRole('alert', { includeHidden: true }))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
}

import { expect, test, type APIRequestContext } from '@playwright/test';
import { auth } from './support/api.ts';
import { addDashboardPage, card, dashboardTree } from './support/dashboards.ts';
import { afterSnackbars, CERRO_AZUL, OUSE } from './support/notifications.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

/**
 * In requirements#monitoring-screens, the map cards of cross sections on a dashboard page: a section's side-section or
 * aerial
 * view, with the card action 'Go to Cross Section Dashboard', and the map of all sections. Reads the
 * demo sections only; the section it deletes is its own.
 */

// Leaflet's chunk and the side view's readings: on a busy machine this takes a while.
test.describe.configure({ timeout: 120_000 });

interface Section {
  id: string;
  name: string;
  sensors: Array<{ device_id: string }>;
}

async function sectionsOf(request: APIRequestContext, admin: { token: string; projectId: string }) {
  const response = await request.get(`/ui/api/v1/projects/${admin.projectId}/cross-sections/?paginate_by=100`, {
    headers: auth(admin.token),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { objects: Section[] }).objects;
}

test('a manager adds a section as its side-section and as its aerial view, and the map of all sections', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const demo = (await sectionsOf(request, admin)).filter((s) => /^Section [ABC],/.test(s.name));
  expect(demo).toHaveLength(3);
  const section = demo.find((s) => s.name.startsWith('Section A'))!;
  const segment = `sections-${Date.now().toString(36)}`;
  const path = await addDashboardPage(request, admin, { segment, title: 'Sections', cards: [] });
  await openShell(page, 'manager', path);
  await page.getByRole('button', { name: 'Edit page' }).click();

  const addCard = async (type: string, view?: 'Side section' | 'Aerial view') => {
    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add card' });
    await dialog.getByLabel('Card type').click();
    await page.getByRole('option', { name: type, exact: true }).click();
    if (view) {
      // Nothing to add until a section is chosen; the side-section unless the aerial view is.
      await expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
      await expect(dialog.getByRole('button', { name: 'Side section' })).toHaveAttribute('aria-pressed', 'true');
      await dialog.getByLabel('Cross section').click();
      // Every section of the project is offered.
      const options = page.getByRole('listbox').getByRole('option');
      for (const s of demo) await expect(options.filter({ hasText: s.name })).toHaveCount(1);
      await page.getByRole('option', { name: section.name }).click();
      await dialog.getByRole('button', { name: view }).click();
    }
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
  };
  await addCard('Cross section', 'Side section');
  await addCard('Cross section', 'Aerial view');
  await addCard('All cross sections');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit page' })).toBeVisible();

  const { tree } = await dashboardTree(request, admin.token, admin.projectId);
  const saved = tree.pages.find((p) => p.path === `root/${segment}`)!.cards;
  expect(saved).toMatchObject([
    { type: 'cross-section', cross_section_id: section.id, view: 'side', title: '', layout: { w: 16, h: 3 } },
    { type: 'cross-section', cross_section_id: section.id, view: 'aerial', title: '' },
    { type: 'cross-sections-map', title: '' },
  ]);

  // The side-section draws every sensor of the section; the aerial view maps them.
  const side = card(page, `Side view: ${section.name}`);
  await expect(side.getByRole('region', { name: `Side view of ${section.name}` })).toBeVisible();
  const drawn = side.locator('.vigil-section-sensor[data-sensor]');
  await expect(drawn).toHaveCount(section.sensors.length);
  await expect(side.locator('.vigil-grid-line').first()).toBeAttached();
  // Close sensors' values (Display Current Metric) are written over neither each other nor the drawing's labels.
  const labels = side.locator('.vigil-sensor-tooltip');
  await expect(labels).not.toHaveCount(0);
  const boxesOf = (locator: typeof labels) =>
    locator.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  await expect(async () => {
    const [values, texts] = [await boxesOf(labels), await boxesOf(side.locator('.vigil-section-label span'))];
    const covers = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const covered = values.filter(
      (a, i) => values.some((b, j) => j !== i && covers(a, b)) || texts.some((b) => covers(a, b)),
    );
    expect(covered).toEqual([]);
  }).toPass({ timeout: 10_000 });
  const aerial = card(page, `Aerial view: ${section.name}`);
  await expect(aerial.getByRole('region', { name: `Aerial view of ${section.name}` })).toBeVisible();
  const all = card(page, 'All cross sections');
  await expect(all).toContainText(`${demo.length} cross sections`);
  await expect(all.getByRole('region', { name: 'Map of all cross sections' })).toBeVisible();
  await afterSnackbars(page);
  await saveScreens(page, 'dashboard-cross-section-cards');

  // The card action of requirements#monitoring-screens, on both forms.
  await expect(aerial.getByRole('link', { name: 'Go to Cross Section Dashboard' })).toBeVisible();
  await side.getByRole('link', { name: 'Go to Cross Section Dashboard' }).click();
  await expect(page).toHaveURL(new RegExp(`/safety-state/cross-section/${section.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: section.name })).toBeVisible();
  await expect(page.getByRole('region', { name: `Aerial view of ${section.name}` })).toBeVisible();
});

test('the demo has a page of its sections under the overview: the main one both ways, and the map of all', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const main = (await sectionsOf(request, admin)).find((s) => s.name.startsWith('Section A'))!;
  await openShell(page, 'operator', '/safety-state/root');
  await page
    .getByRole('navigation', { name: 'Pages under this one' })
    .getByRole('link', { name: 'Cross sections' })
    .click();
  await expect(page).toHaveURL(/\/safety-state\/root\/cross-sections$/);
  const side = card(page, `Side view: ${main.name}`);
  await expect(side.locator('.vigil-section-sensor[data-sensor]')).toHaveCount(main.sensors.length);
  await expect(
    card(page, `Aerial view: ${main.name}`).getByRole('region', { name: `Aerial view of ${main.name}` }),
  ).toBeVisible();
  await expect(
    card(page, 'All cross sections').getByRole('region', { name: 'Map of all cross sections' }),
  ).toBeVisible();
  // An operator may open the section's dashboard, not edit the page.
  await expect(page.getByRole('button', { name: 'Edit page' })).toHaveCount(0);
  await afterSnackbars(page);
  await saveScreens(page, 'dashboard-demo-sections');
});

test('a card of a section deleted since says so and its page still saves; another project’s section is refused', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const created = await request.post(`/ui/api/v1/projects/${admin.projectId}/cross-sections/`, {
    headers: auth(admin.token),
    data: { name: `Card ${Date.now().toString(36)}`, distance: 40 },
  });
  expect(created.status()).toBe(201);
  const section = (await created.json()) as Section;
  const layout = { x: 0, y: 0, w: 16, h: 3 };
  const segment = `gone-${Date.now().toString(36)}`;
  const path = await addDashboardPage(request, admin, {
    segment,
    title: 'Gone',
    cards: [{ id: 'gone', type: 'cross-section', cross_section_id: section.id, layout }],
  });
  const removed = await request.delete(`/ui/api/v1/projects/${admin.projectId}/cross-sections/${section.id}/`, {
    headers: auth(admin.token),
  });
  expect(removed.ok()).toBe(true);
  await openShell(page, 'operator', path);
  await expect(card(page, 'Cross section')).toContainText('This cross section no longer exists.');

  // The page saves as it is, the card of the deleted section in it; a section of another project is refused.
  const ouse = await adminIn(request, OUSE);
  const foreign = await request.post(`/ui/api/v1/projects/${ouse.projectId}/cross-sections/`, {
    headers: auth(ouse.token),
    data: { name: `Foreign ${Date.now().toString(36)}` },
  });
  expect(foreign.status()).toBe(201);
  const { url, tree, version } = await dashboardTree(request, admin.token, admin.projectId);
  const pageIndex = tree.pages.findIndex((p) => p.path === `root/${segment}`);
  const put = (data: unknown, timestamp: string) =>
    request.put(url, { headers: auth(admin.token), data: { action: 'persist', timestamp, data } });
  const withForeign = structuredClone(tree);
  withForeign.pages[pageIndex]!.cards.push({
    id: 'foreign',
    type: 'cross-section',
    cross_section_id: ((await foreign.json()) as Section).id,
    layout: { ...layout, y: 3 },
  });
  const refused = await put(withForeign, version);
  expect(refused.status()).toBe(400);
  expect((await refused.json()).details).toEqual({
    [`data.pages.${pageIndex}.cards.1.cross_section_id`]: ['Unknown cross section'],
  });
  const again = await put(tree, version);
  expect(again.status(), await again.text()).toBe(200);
});

import { expect, test } from '@playwright/test';
import { auth } from './support/api.ts';
import { PHONE, saveScreens } from './support/screens.ts';
import { adminIn, createProjectUser, mainMenu, openShell, withdrawModules } from './support/shell.ts';
import { signInWithStoredSession } from './support/stored-session.ts';
import { OUSE } from './support/notifications.ts';

const CERRO_AZUL = 'Cerro Azul Tailings Storage Facility';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

const ALL_LINKS = [
  'Safety state',
  'Operational state',
  'Metrics',
  'Cross sections',
  'Journals',
  'Latest data entry',
  'Sessions',
  'Data import',
  'Users',
  'Roles',
  'Permissions',
  'Devices',
  'Schemes',
  'File manager',
  'Reports',
  'Alarms',
  'Notifications',
];

test.describe('landing and menu', () => {
  test('an administrator lands on the safety-state dashboard, with every menu group', async ({ page }) => {
    await openShell(page, 'admin');
    await expect(page).toHaveURL(/\/safety-state\/root$/);
    await expect(page.getByRole('banner').getByText(CERRO_AZUL)).toBeVisible();

    const menu = mainMenu(page);
    await expect(menu.getByRole('link')).toHaveText(ALL_LINKS);
    for (const group of ['Dashboards', 'Journal management', 'Manual data entries', 'User management']) {
      await expect(menu.getByRole('list', { name: group })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Safety state' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('img', { name: CERRO_AZUL })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Version 0.1.0' })).toBeVisible();

    await expect(page.getByRole('heading', { level: 1, name: 'Cerro Azul TSF overview' })).toBeVisible();

    // Every module of the menu is built: none is a "coming in a later release" page any more.
    await menu.getByRole('link', { name: 'File manager' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'File manager' })).toBeVisible();
    await expect(page.getByText('Coming in a later release')).toHaveCount(0);
  });

  test('a user whose role lacks both dashboards lands on metrics', async ({ page, request }) => {
    // Only Ouse's Operator role loses the dashboards: the demo users work in Cerro Azul.
    const admin = await adminIn(request, OUSE);
    const roles = await request.get(`/ui/api/v1/projects/${admin.projectId}/roles`, { headers: auth(admin.token) });
    const operator = ((await roles.json()) as { objects: { id: string; name: string }[] }).objects.find(
      (r) => r.name === 'Operator',
    )!;
    await withdrawModules(request, admin.token, operator.id, ['safety-state', 'operational-state']);
    const user = await createProjectUser(request, admin.token, unique('ouse-observer'));

    await openShell(page, user.username, '/', user.password);
    await expect(page).toHaveURL(/\/metrics$/);
    await expect(page.getByRole('banner').getByText(OUSE)).toBeVisible();
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Metrics' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Safety state' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Operational state' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  });

  test('an operator sees only the groups of their modules and may not open user management', async ({ page }) => {
    await openShell(page, 'operator');
    await expect(page).toHaveURL(/\/safety-state\/root$/);
    const menu = mainMenu(page);
    await expect(menu.getByRole('link')).toHaveText(
      ALL_LINKS.filter((name) => !['Cross sections', 'Data import', 'Users', 'Roles', 'Permissions'].includes(name)),
    );
    await expect(menu.getByRole('list', { name: 'User management' })).toHaveCount(0);

    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: "You can't open this module" })).toBeVisible();
    await expect(page.getByText(`Your role in ${CERRO_AZUL} does not include Users.`)).toBeVisible();
    await saveScreens(page, 'shell-not-allowed');
    await page.getByRole('link', { name: 'Go to my home page' }).click();
    await expect(page).toHaveURL(/\/safety-state\/root$/);
  });

  test('an unknown address shows page not found with a way home', async ({ page }) => {
    await openShell(page, 'operator', '/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('There is no page at /no-such-page.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to my home page' }).click();
    await expect(page).toHaveURL(/\/safety-state\/root$/);
  });

  test('the menu collapses to icons, expands again and is usable from the keyboard', async ({ page }) => {
    await openShell(page, 'admin');
    const menu = mainMenu(page);
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(256);

    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(56);
    await expect(menu.getByText('Dashboards')).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Metrics' })).toBeVisible();
    await saveScreens(page, 'shell-menu-collapsed');

    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(256);
    await expect(menu.getByText('Dashboards')).toBeVisible();

    await menu.getByRole('link', { name: 'Metrics' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/metrics$/);
    await expect(menu.getByRole('link', { name: 'Metrics' })).toHaveAttribute('aria-current', 'page');

    // Sessions live in the journal manager's data sessions tab, and are highlighted rather than journals.
    await menu.getByRole('link', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(/\/journal-manager\?tab=dataSessions$/);
    await expect(menu.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Journals' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Data sessions' })).toBeVisible();
  });

  test('at phone width the menu is a temporary drawer that closes after choosing a page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInWithStoredSession(page, 'admin', 'vigil-demo');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Cerro Azul TSF overview' })).toBeVisible();
    await expect(mainMenu(page)).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(mainMenu(page)).toBeVisible();
    await expect.poll(async () => (await mainMenu(page).boundingBox())?.x).toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/shell-menu-open-phone.png' });
    await mainMenu(page).getByRole('link', { name: 'File manager' }).click();
    await expect(page).toHaveURL(/\/file-manager$/);
    await expect(mainMenu(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'File manager' })).toBeVisible();
  });
});

test.describe('top bar', () => {
  test('the version opens the About dialog with every service; a failure says so', async ({ page }) => {
    const session = await openShell(page, 'admin');
    const answer = await page.request.get('/auth/api/v1/microservices/?fields=name,title,version', {
      headers: auth(session.token),
    });
    const services = ((await answer.json()) as { objects: { name: string; title: string; version: string }[] }).objects;
    expect(services.length).toBeGreaterThan(0);

    // The loading bar shows while the call is under way: the answer is held until the test has seen it
    // (a fixed delay could fall between two of the assertion's polls on a busy machine).
    let answerCall!: () => void;
    const answered = new Promise<void>((resolve) => (answerCall = resolve));
    await page.route('**/auth/api/v1/microservices/**', async (route) => {
      await answered;
      await route.continue();
    });
    await mainMenu(page).getByRole('button', { name: 'Version 0.1.0' }).click();
    // (the dialog hides the rest of the page from assistive technology, hence includeHidden)
    const loadingBar = page.getByRole('progressbar', { name: 'Loading…', includeHidden: true });
    await expect(loadingBar).toBeVisible();
    answerCall();
    const dialog = page.getByRole('dialog', { name: 'About Vigil' });
    const rows = dialog.getByRole('table', { name: 'Services' }).getByRole('row');
    await expect(rows).toHaveCount(services.length + 1);
    for (const service of services) {
      const row = rows.filter({ hasText: service.title });
      await expect(row.getByRole('cell')).toHaveText([`${service.title}${service.name}`, service.version]);
    }
    await expect(loadingBar).toHaveCount(0);
    await saveScreens(page, 'shell-about');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await page.unroute('**/auth/api/v1/microservices/**');
    await page.route('**/auth/api/v1/microservices/**', (route) => route.abort('connectionrefused'));
    await page.goto('/metrics');
    await mainMenu(page).getByRole('button', { name: 'Version 0.1.0' }).click();
    await expect(page.getByRole('dialog').getByText('Failed to get version info')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Failed to fetch')).toBeVisible();
  });

  test('the account menu names the user and signs out to the login page', async ({ page }) => {
    await openShell(page, 'admin');
    await page.getByRole('button', { name: 'Account menu of Alex Morgan' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Alex Morgan')).toBeVisible();
    await expect(menu.getByText('Dam safety engineer')).toBeVisible();
    await expect(menu.getByText('admin@example.com')).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['Select project', 'My account', 'Sign out']);

    await menu.getByRole('menuitem', { name: 'My account' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.getByRole('button', { name: 'Account menu of Alex Morgan' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('vigil.session'))).toBeNull();
  });

  test('choosing another project switches to it and reloads the page', async ({ page }) => {
    await openShell(page, 'manager');
    await expect(page.getByRole('banner').getByText(CERRO_AZUL)).toBeVisible();
    await page.evaluate(() => Object.assign(window, { beforeSwitch: true }));

    await page.getByRole('button', { name: 'Account menu of Priya Nair' }).click();
    await page.getByRole('menuitem', { name: 'Select project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select project' });
    const current = dialog.getByRole('button', { name: /Cerro Azul Tailings Storage Facility/ });
    await expect(current).toContainText('Cerro Azul TSF, Atacama');
    await expect(current).toHaveAttribute('aria-current', 'true');
    await expect(dialog.getByRole('button', { name: /Ouse Flood Embankment/ })).toContainText(
      'Naburn Lock embankment, York',
    );
    await saveScreens(page, 'shell-project-switch');

    const reloaded = page.waitForEvent('load');
    const chosenAt = Date.now();
    await dialog.getByRole('button', { name: /Ouse Flood Embankment/ }).click();
    await expect(page.getByText(`Switching to ${OUSE}…`)).toBeVisible();
    await reloaded;
    // The page reloads about 1000 ms after the switch (requirements#shell-states).
    expect(Date.now() - chosenAt).toBeGreaterThanOrEqual(1000);
    expect(await page.evaluate(() => 'beforeSwitch' in window)).toBe(false);
    await expect(page.getByRole('banner').getByText(OUSE)).toBeVisible();
    await expect(mainMenu(page).getByRole('img', { name: OUSE })).toBeVisible();
    await saveScreens(page, 'shell-after-project-switch');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vigil.session')!));
    const projects = await page.request.get('/ui/api/v1/projects', { headers: auth(stored.token) });
    const ouse = ((await projects.json()) as { objects: { id: string; name: string }[] }).objects.find(
      (p) => p.name === OUSE,
    );
    expect(stored.projectId).toBe(ouse!.id);
  });

  test('the offline strip shows while the browser is offline', async ({ page, context }) => {
    await openShell(page, 'operator');
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('You are offline.')).toBeHidden();
  });
});

test.describe('session expiry', () => {
  test('a revoked token sends the user to the login page with the session-expired message', async ({
    page,
    request,
  }) => {
    // A page that does not refresh by itself (it reads its files once): dashboards refresh, and would
    // find the revoked token first.
    await openShell(page, 'operator', '/file-manager');
    // Once the notification stream opens, the app fetches its lists again; revoked after that, the
    // next call is the one this test makes.
    await page.waitForTimeout(1000);
    const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem('vigil.session')!));
    const revoked = await request.post('/auth/api/v1/users/logout', { headers: auth(token) });
    expect(revoked.status()).toBe(204);

    // The next call the application makes fails with 401: here, the versions of the About dialog.
    await mainMenu(page).getByRole('button', { name: 'Version 0.1.0' }).click();
    await expect(page).toHaveURL(/\/login\?reason=expired$/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  });

  test('opening the application with a revoked token shows the session-expired message', async ({ page, request }) => {
    await openShell(page, 'operator', '/file-manager');
    const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem('vigil.session')!));
    // The application closed first: open, its refreshes (the bell, the alarms' badge, the stream)
    // could find the revoked token before the test opens it again.
    await page.goto('about:blank');
    await request.post('/auth/api/v1/users/logout', { headers: auth(token) });

    await page.goto('/operational-state');
    await expect(page).toHaveURL(/\/login\?reason=expired$/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  });
});

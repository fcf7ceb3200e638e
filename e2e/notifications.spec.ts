import { expect, test } from '@playwright/test';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { createPiezometer } from './support/devices.ts';
import { saveScreens } from './support/screens.ts';
import {
  afterSnackbars,
  applyFilters,
  bell,
  drawer,
  drawerItem,
  ingest,
  instrumentByEid,
  notificationsSetup,
  openDrawer,
  unreadOnBell,
} from './support/notifications.ts';
import { ingestPressures } from './support/piezometer-digits.ts';
import { openShell } from './support/shell.ts';

// The tests raise notifications in one project: one at a time keeps each test's counts its own.
test.describe.configure({ mode: 'serial' });

const RAINFALL_CRITICAL = 'Rainfall reached its critical upper limit';

test('a reading beyond a limit reaches the bell and the drawer live, and opening it shows its chart and marks it read', async ({
  page,
  request,
}) => {
  const { admin, user } = await notificationsSetup(request, 'bell');
  await openShell(page, user.username, '/', user.password);
  await expect(bell(page)).toHaveAccessibleName('Notifications, unread: 0');
  await openDrawer(page);
  await expect(drawer(page).getByText('No notifications')).toBeVisible();

  await ingest(request, admin.token, [{ eid: 'MET-01', raw_metrics: { rainfall: 31.5, air_temperature: 14.2 } }]);

  // No reload: the stream brings the notification, its alert and the new count.
  await expect(drawerItem(page, new RegExp(RAINFALL_CRITICAL))).toBeVisible();
  const item = drawerItem(page, new RegExp(RAINFALL_CRITICAL));
  await expect(item.getByText('MET-01 Crest weather station')).toBeVisible();
  await expect(item.getByRole('img', { name: 'Critical' })).toBeVisible();
  await expect(item.getByRole('img', { name: 'Unread' })).toBeVisible();
  // The alert's snackbar (critical priority: error), announced: the drawer is not modal and hides nothing.
  await expect(page.getByRole('alert').filter({ hasText: RAINFALL_CRITICAL })).toBeVisible();
  await expect.poll(() => unreadOnBell(page)).toBeGreaterThanOrEqual(2);
  await saveDialogScreens(page, 'notifications-drawer');

  const before = await unreadOnBell(page);
  await item.click();
  const detail = page.getByRole('dialog', { name: RAINFALL_CRITICAL });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('MET-01', { exact: true })).toBeVisible();
  await expect(detail.getByText('Instrument', { exact: true })).toBeVisible();
  await expect(detail.getByText('31.5000')).toBeVisible();
  await expect(detail.getByText('Valid', { exact: true })).toBeVisible();
  await expect(detail.getByRole('img', { name: 'Chart of Rainfall around the event' })).toBeVisible();
  await expect.poll(() => unreadOnBell(page)).toBe(before - 1);
  await afterSnackbars(page);
  await saveDialogScreens(page, 'notifications-detail-limit-reached');

  // The viewed-by popover names the user who just read it.
  await detail.getByRole('button', { name: 'Viewed by' }).click();
  await expect(page.getByRole('list', { name: 'Viewed by' }).getByText('Ouse Observer')).toBeVisible();
  await page.keyboard.press('Escape');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(item.getByRole('img', { name: 'Unread' })).toHaveCount(0);
});

test('the drawer hides nothing of the page; Escape closes it and gives the focus back to the bell', async ({
  page,
  request,
}) => {
  const { user } = await notificationsSetup(request, 'escape');
  await openShell(page, user.username, '/', user.password);
  await bell(page).click();
  await expect(drawer(page)).toBeFocused();
  // Not modal: the menu stays in the accessibility tree, as do the alerts' snackbars.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();
});

test('filters narrow the drawer by read status, level, event type and period', async ({ page, request }) => {
  test.slow();
  const { admin, user } = await notificationsSetup(request, 'filters');
  // A piezometer of the test's own (warning at 110 m): a limit raised and cleared with a deadband
  // and an off-delay (ADR 0023) would not rise again from a station an earlier test left critical.
  const device = await createPiezometer(request, admin.token, 'Filtered piezometer');
  await openShell(page, user.username, '/', user.password);
  const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
  const level = (metres: number) => ({ pressure: Number(((metres - 100) * 9.8068).toFixed(4)) });
  await ingest(request, admin.token, [{ eid: device.eid, raw_metrics: level(105), read_at: ago(120) }]);
  await ingest(request, admin.token, [{ eid: device.eid, raw_metrics: level(111), read_at: ago(60) }]);
  await ingest(request, admin.token, [{ eid: 'ZZ-404', raw_metrics: { level: 1 } }]);
  await openDrawer(page);
  const warningLimit = drawerItem(page, /Piezometric level reached its warning upper limit/).filter({
    hasText: device.title,
  });
  const unknown = drawerItem(page, /Payload received from an unknown device/);
  await expect(warningLimit).toBeVisible();
  await expect(unknown).toBeVisible();

  await applyFilters(page, async (panel) => {
    await panel.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'Payload from an unknown device' }).click();
  });
  await expect(unknown).toBeVisible();
  await expect(warningLimit).toHaveCount(0);

  await unknown.click();
  const detail = page.getByRole('dialog', { name: /Payload received from an unknown device/ });
  await expect(detail.getByText('ZZ-404').first()).toBeVisible();
  await expect(detail.getByLabel('Raw payload')).toContainText('"level": 1');
  await afterSnackbars(page);
  await saveDialogScreens(page, 'notifications-detail-unknown-payload');
  await detail.getByRole('button', { name: 'Close' }).click();

  await applyFilters(page, async (panel) => {
    await panel.getByRole('button', { name: 'Unread' }).click();
  });
  await expect(drawer(page).getByText('No notifications')).toBeVisible();

  // Level and type together: payloads of unknown devices are warnings, never critical (other
  // tests raise critical notifications in this project meanwhile).
  await applyFilters(page, async (panel) => {
    await panel.getByRole('button', { name: 'All' }).first().click();
    await panel.getByRole('group', { name: 'Level' }).getByRole('button', { name: 'Critical' }).click();
  });
  await expect(drawer(page).getByText('No notifications')).toBeVisible();
  await applyFilters(page, async (panel) => {
    await panel.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'All event types' }).click();
  });

  // A custom range ending tomorrow is refused; ending today it is applied.
  await drawer(page).getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('form', { name: 'Notification filters' });
  await panel.getByRole('group', { name: 'Level' }).getByRole('button', { name: 'Warning' }).click();
  await panel.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  await panel.getByLabel('Start date').fill(ago(30 * 86_400).slice(0, 10));
  await panel.getByLabel('End date').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText("The date can't be in the future")).toBeVisible();
  await saveDialogScreens(page, 'notifications-filters');
  await panel.getByLabel('End date').fill(new Date().toISOString().slice(0, 10));
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(warningLimit).toBeVisible();
  await expect(unknown).toBeVisible();
});

test('the drawer loads the next page of 20 as its end scrolls into view', async ({ page, request }) => {
  const { admin, user } = await notificationsSetup(request, 'scroll');
  const run = Date.now().toString(36).toUpperCase();
  await ingest(
    request,
    admin.token,
    Array.from({ length: 25 }, (_, i) => ({ eid: `SCROLL-${run}-${i + 1}`, raw_metrics: { level: i } })),
  );
  await openShell(page, user.username, '/', user.password);
  await openDrawer(page);
  const items = drawer(page).getByRole('list', { name: 'Notifications' }).getByRole('button');
  await expect(items).toHaveCount(20);
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(25);
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, unread: 25');
});

test('a safety state change shows its rule, event history and execution log', async ({ page, request }) => {
  const { admin, user } = await notificationsSetup(request, 'safety');
  const piezometer = await instrumentByEid(request, admin.token, 'PZ-03');
  const critical = piezometer.metric_limits.find((l) => l.level === 'critical')!.value;
  const pressure = Number(((critical + 0.8 - piezometer.context.tip_elevation!) * 9.8068).toFixed(2));
  await openShell(page, user.username, '/', user.password);
  await ingestPressures(request, admin.token, [{ eid: 'PZ-03', pressure, temperature: 11.2 }]);

  await openDrawer(page);
  const item = drawerItem(page, /Safety State Changed to red/);
  await expect(item).toBeVisible();
  await item.click();
  const detail = page.getByRole('dialog', { name: /Safety State Changed to red/ });
  await expect(detail.getByText(`piezometric_level > ${critical}`).first()).toBeVisible();
  await expect(detail.getByRole('table', { name: 'Event history' })).toBeVisible();
  await expect(detail.getByRole('table', { name: 'Event history' }).getByText('---')).toBeVisible();
  await expect(detail.getByLabel('Execution log')).toContainText('rule 1');
  await afterSnackbars(page);
  await saveDialogScreens(page, 'notifications-detail-safety');

  // The EID leads to the entity's safety-state view, closing the dialog and the drawer.
  await detail.getByRole('link', { name: 'PZ-03' }).click();
  await expect(page).toHaveURL(new RegExp(`/safety-state/root\\?entity=${piezometer.id}$`));
  await expect(detail).toBeHidden();
  await expect(drawer(page)).toBeHidden();
});

test('the notifications page lists the history with its detail beside it, and exports the filtered list', async ({
  page,
  request,
}) => {
  const { admin, user } = await notificationsSetup(request, 'page');
  const eid = `ZZ-${Date.now().toString(36).toUpperCase()}`;
  await ingest(request, admin.token, [{ eid, raw_metrics: { tilt: 0.42 } }]);
  await openShell(page, user.username, '/notifications', user.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  // The page shows the project's history, from before the user existed too.
  const list = page.getByRole('list', { name: 'Notifications matching the filters' });
  const item = list.getByRole('button', { name: new RegExp(`unknown device \\(${eid}\\)`) });
  await expect(item).toBeVisible();
  await expect(page.getByText('Select a notification')).toBeVisible();
  await saveScreens(page, 'notifications-page');
  await item.click();
  await expect(
    page.getByRole('heading', { level: 2, name: `Payload received from an unknown device (${eid})` }),
  ).toBeVisible();
  await expect(page.getByLabel('Raw payload')).toContainText('"tilt": 0.42');
  await expect(item.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  // On a phone the detail is a dialog (as from the drawer); here, the desktop page with it beside the list.
  await page.screenshot({ path: 'e2e/screenshots/notifications-page-detail-desktop.png', fullPage: true });

  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export notifications' });
  await expect(dialog).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/^notifications.*\.xlsx$/);
});

import { expect, test } from '@playwright/test';
import { bell, CERRO_AZUL, drawer, drawerItem, ingest, openDrawer } from './support/notifications.ts';
import { ownServer } from './support/own-server.ts';
import { adminIn, openShell } from './support/shell.ts';

// This test stops its server: it runs one of its own beside the run's shared one.
const server = ownServer(37);

test.afterAll(async () => server.stop());

test('stopping the server shows the connecting warning; restarting it shows the reconnect message and a refreshed list', async ({
  browser,
}) => {
  test.slow();
  await server.start({ fresh: true });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const admin = await adminIn(context.request, CERRO_AZUL);

  await openShell(page, 'admin');
  await ingest(context.request, admin.token, [{ eid: 'BEFORE-STOP', raw_metrics: { level: 1 } }]);
  await openDrawer(page);
  await expect(drawerItem(page, /\(BEFORE-STOP\)/)).toBeVisible();

  await server.stop();
  // With the drawer open, as the operator would keep it: the warnings are still announced.
  const connecting = page.getByRole('alert').filter({ hasText: 'Connecting to live notifications' });
  await expect(connecting).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'e2e/screenshots/notifications-connecting-desktop.png' });

  // Down for longer than the browser's 5 s retry: its reconnections fail meanwhile.
  await page.waitForTimeout(12_000);
  await server.start();
  // A notification raised after the restart: the refreshed list carries it.
  await ingest(context.request, admin.token, [{ eid: 'AFTER-RESTART', raw_metrics: { level: 2 } }]);
  await expect(page.getByRole('alert').filter({ hasText: 'Live notifications are back' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(connecting).toHaveCount(0);
  await expect(drawerItem(page, /\(AFTER-RESTART\)/)).toBeVisible();
  await expect(drawerItem(page, /\(BEFORE-STOP\)/)).toBeVisible();
  await expect(drawer(page)).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/notifications-reconnected-desktop.png' });
  await expect.poll(async () => (await bell(page).getAttribute('aria-label')) ?? '').toMatch(/unread: [1-9]/);
  await context.close();
});

import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { createPiezometer } from './support/devices.ts';
import { afterSnackbars, applyFilters, drawerItem, ingest, openDrawer, OUSE } from './support/notifications.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { adminIn, createProjectUser, openShell } from './support/shell.ts';

// In Ouse, away from the notification counts of the Cerro Azul tests.
const DAY = 86_400_000;
const LEVEL = 'calculated_metrics.piezometric_level';

/** Both widths, of the viewport as a user sees it (a dialog over a page). */
async function screens(page: Page, testInfo: TestInfo, name: string) {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${label}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

test('from a notification to the metric drill-down around the alert', async ({ page, request }, testInfo) => {
  test.slow();
  const admin = await adminIn(request, OUSE);
  // The user first: a user's drawer lists what happened after they joined.
  const user = await createProjectUser(request, admin.token, `alert-${Date.now().toString(36)}`);
  const device = await createPiezometer(request, admin.token);
  // A day of readings at 104 to 106 m, then 116 m: beyond the critical limit (pressure = (level - 100) × 9.8068).
  const start = Date.now() - DAY;
  const reading = (i: number, level: number) => ({
    eid: device.eid,
    read_at: new Date(start + i * 30 * 60_000).toISOString(),
    raw_metrics: { pressure: Number(((level - 100) * 9.8068).toFixed(4)) },
  });
  await ingest(
    request,
    admin.token,
    Array.from({ length: 40 }, (_, i) => reading(i, 104 + (i % 3))),
  );
  await ingest(request, admin.token, [reading(40, 116)]);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openShell(page, user.username, '/', user.password);
  await openDrawer(page);
  const title = /Piezometric level reached its critical upper limit/;
  // Other tests raise notifications in Ouse meanwhile: the limit events alone keep this one on the first page.
  await applyFilters(page, async (panel) => {
    await panel.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'Metric limit reached', exact: true }).click();
  });
  await expect(drawerItem(page, title).filter({ hasText: device.title })).not.toHaveCount(0, { timeout: 30_000 });
  await drawerItem(page, title).filter({ hasText: device.title }).first().click();

  // The alert chart: the app's canvas chart, its limit lines and the event's reading named in its description.
  const detail = page.getByRole('dialog', { name: title });
  const chart = detail.getByRole('img', { name: 'Chart of Piezometric level around the event' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveJSProperty('tagName', 'CANVAS');
  // The limits carry the metric's unit from the device's scheme.
  for (const label of ['warning upper limit 110 m', 'critical upper limit 115 m', 'Event reading'])
    await expect(chart).toHaveAccessibleDescription(new RegExp(label));
  // requirements#monitoring-constants: height 200.
  expect((await chart.boundingBox())!.height).toBeCloseTo(200, 0);
  await page.mouse.move(0, 0);
  await afterSnackbars(page);
  await screens(page, testInfo, 'alert-chart-detail');

  // "Open in metrics" leads to the drill-down of the entity over the alert window, closing the dialog and the drawer.
  await detail.getByRole('link', { name: 'Open in metrics' }).click();
  await expect(page).toHaveURL(new RegExp(`/metrics/safety-state/${device.id}/instrument\\?`));
  await expect(detail).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();
  const search = new URL(page.url()).searchParams;
  expect(search.get('metric')).toBe(LEVEL);
  // the reading beyond the limit, marked on the charts
  expect(search.get('at')).toBe(reading(40, 116).read_at);
  const [from, to] = [Date.parse(search.get('from')!), Date.parse(search.get('to')!)];
  // 10 days before to 3 days after the notification, raised a moment ago
  expect(to - from).toBe(13 * DAY);
  expect(Math.abs(from + 10 * DAY - Date.now())).toBeLessThan(5 * 60_000);

  await expect(page.getByRole('heading', { level: 1, name: device.title })).toBeVisible();
  // The alert's metric first, open on the alert window: shown as a zoom the card can leave.
  const card = page.getByRole('region', { name: `${device.title} · Piezometric level` });
  await expect(page.getByRole('region', { name: new RegExp(device.title) }).first()).toHaveAccessibleName(
    `${device.title} · Piezometric level`,
  );
  // the years only when the window is not all in the current year
  const thisYear = [from, to].every((t) => new Date(t).getFullYear() === new Date().getFullYear());
  const format = new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'short',
    ...(!thisYear && { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  await expect(card.getByText(`Zoomed in: ${format.format(from)} – ${format.format(to)}`)).toBeVisible();
  const cardChart = card.getByRole('img', { name: `Chart: ${device.title} · Piezometric level` });
  await expect(cardChart).toBeVisible();
  await expect(cardChart).toHaveAccessibleDescription(/critical upper 115 m/);
  await expect(cardChart).toHaveAccessibleDescription(/Alert/);
  // Every metric's chart opens on the window: the pressure's too.
  await expect(
    page.getByRole('region', { name: `${device.title} · Pressure` }).getByText(/^Zoomed in: /),
  ).toBeVisible();
  await page.mouse.move(0, 0);
  await screens(page, testInfo, 'alert-chart-metrics');

  await card.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(card.getByText(/^Zoomed in: /)).toBeHidden();
  await expect(card.getByRole('button', { name: 'Reset zoom' })).toBeHidden();
  expect(errors, 'errors in the page').toEqual([]);
});

import { expect, test } from '@playwright/test';

/** Integrators browse the API at /api/docs: Swagger UI from Vigil's own files, nothing fetched elsewhere. */
test('the API reference lists the ingest routes with the ingest key scheme, offline', async ({ page }) => {
  const outside: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== '127.0.0.1' && url.protocol.startsWith('http')) outside.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Swagger UI draws the sections near the viewport: the deep link scrolls to the ingest section.
  await page.goto('/api/docs#/ingest');
  await expect(page.getByRole('heading', { name: /Vigil API/ })).toBeVisible();
  const payloads = page.getByRole('link', { name: '/ingest/api/v1/payloads', exact: true });
  await expect(payloads).toBeVisible();
  await payloads.click();
  // the example request of the ingest route, for integrators
  await expect(page.getByText(/ApiKey/).first()).toBeVisible();
  await page.getByRole('button', { name: /Authorize/ }).click();
  await expect(page.getByText('ingestKey', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/api-docs-desktop.png' });
  expect(outside, 'requests outside Vigil').toEqual([]);
  expect(errors, 'errors in the page').toEqual([]);
});

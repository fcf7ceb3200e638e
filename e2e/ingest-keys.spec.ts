import { expect, test } from '@playwright/test';
import { auth } from './support/api.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { createPiezometer } from './support/devices.ts';
import { afterSnackbars, CERRO_AZUL } from './support/notifications.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

/** Issue 32: ingest keys of loggers and gateways, made and revoked by a project's administrators. */
test.describe.configure({ timeout: 120_000 });

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();

test('an administrator creates a key for one device, sees it once, a reading sent with it shows on the dashboard, and once revoked the next is refused', async ({
  page,
  request,
}) => {
  const run = suffix();
  const admin = await adminIn(request, CERRO_AZUL);
  const device = await createPiezometer(request, admin.token, `Keyed piezometer ${run}`);
  const name = `CR6 crest logger ${run}`;
  const send = (key: string, pressure: number) =>
    request.post('/ingest/api/v1/payloads', {
      headers: { Authorization: `ApiKey ${key}` },
      data: [{ eid: device.eid, read_at: new Date().toISOString(), raw_metrics: { pressure } }],
    });

  await openShell(page, 'admin', '/devices');
  await page.getByRole('tab', { name: 'Ingest keys' }).click();
  await expect(page).toHaveURL(/tab=keys/);
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('dialog', { name: 'New ingest key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('radio', { name: 'Only these devices' }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Pick at least one device')).toBeVisible();
  await form.getByRole('combobox', { name: 'Devices' }).fill(device.eid);
  await page.getByRole('option', { name: `${device.eid} · ${device.title}` }).click();
  await saveDialogScreens(page, 'ingest-keys-create');
  await form.getByRole('button', { name: 'Create key' }).click();

  // Shown once, with a copy button and the warning that it cannot be shown again.
  const shown = page.getByRole('dialog', { name: `Key ${name} created` });
  await expect(shown).toContainText('this is the only time it is shown');
  await expect(shown.getByRole('button', { name: 'Copy the key' })).toBeVisible();
  const key = (await shown.getByLabel('The new key').textContent())!.trim();
  expect(key).toMatch(/^vk_[A-Za-z0-9_-]{20,}$/);
  await saveDialogScreens(page, 'ingest-keys-created');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  // The list names the key by its prefix, never the key itself, now or after a reload.
  const item = page.getByRole('listitem', { name });
  await expect(item).toContainText(`${key.slice(0, 11)}…`);
  await expect(item).toContainText(device.eid);
  await expect(item).toContainText('Not used yet');
  await expect(page.getByText(key)).toHaveCount(0);
  const listed = await request.get('/auth/api/v1/api-keys', { headers: auth(admin.token) });
  expect(await listed.text()).not.toContain(key);

  // A reading sent with the key: 20 m of water over the 100 m tip, a level of 120 m on the dashboard.
  const accepted = await send(key, 196.136);
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await page.goto(`/safety-state/device/instrument/${device.id}`);
  await expect(page.getByRole('heading', { level: 1, name: device.title })).toBeVisible();
  await expect(
    page.getByRole('region', { name: `${device.title} · Piezometric level`, exact: true }).first(),
  ).toContainText('120');

  // Its last use (time and address) shows; then it is revoked, after a confirmation.
  await page.goto('/devices?tab=keys');
  await expect(item).toContainText('Last used');
  await expect(item).toContainText('127.0.0.1');
  await page.reload();
  await expect(item).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  await page.mouse.move(0, 0);
  await afterSnackbars(page);
  await saveScreens(page, 'ingest-keys-tab');
  await item.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the key ${name}?` });
  await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(item).toHaveCount(0);
  const refused = await send(key, 196.2);
  expect(refused.status()).toBe(401);
});

test('managers see no keys tab: the keys are the administrators’ alone', async ({ page }) => {
  await openShell(page, 'manager', '/devices');
  await expect(page.getByRole('tab', { name: 'Instruments' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Ingest keys' })).toHaveCount(0);
});

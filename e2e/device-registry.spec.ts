import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin, auth } from './support/api.ts';
import { createPiezometer } from './support/devices.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { afterSnackbars, CERRO_AZUL, ingest } from './support/notifications.ts';
import { saveFocusedScreens, saveScreens } from './support/screens.ts';
import { adminIn, mainMenu, openShell } from './support/shell.ts';

/**
 * Issue 31: instrument administration. Every name carries the run's suffix: the tests share the demo
 * project with each other and with other files.
 */
test.describe.configure({ timeout: 120_000 });

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();

/** A MUI select by its label: opens it and picks the option. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Adds a metric to a group of the scheme editor and fills its fields. */
async function addMetric(
  page: Page,
  group: string,
  metric: { key: string; label: string; unit: string; formula?: string },
) {
  const section = page.getByRole('region', { name: group, exact: true });
  await section.getByRole('button', { name: 'Add a metric' }).click();
  const row = section.getByRole('group').last();
  await row.getByLabel('Key').fill(metric.key);
  await row.getByLabel('Label').fill(metric.label);
  await row.getByLabel('Unit').fill(metric.unit);
  if (metric.formula) await row.getByLabel('Formula').fill(metric.formula);
}

async function alarmsOf(request: APIRequestContext, token: string, deviceId: string) {
  const response = await request.get(`/rules-engine/api/v1/alarms?scope=all&monitored_entity_id=${deviceId}`, {
    headers: auth(token),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { objects: unknown[] }).objects;
}

test('the site set-up group of the menu holds the devices and the schemes', async ({ page }) => {
  await openShell(page, 'admin', '/devices');
  const group = mainMenu(page).getByRole('list', { name: 'Site set-up' });
  await expect(group.getByRole('link')).toHaveText(['Devices', 'Schemes']);
  await expect(group.getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
  await group.getByRole('link', { name: 'Schemes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schemes' })).toBeVisible();
  await expect(group.getByRole('link', { name: 'Schemes' })).toHaveAttribute('aria-current', 'page');
});

test('an administrator creates a scheme with a formula and a critical limit, a piezometer on the site map; a reading shows on its dashboard and raises the alarm', async ({
  page,
  request,
}) => {
  const run = suffix();
  const schemeName = `Piezometer scheme ${run}`;
  const device = { title: `Piezometer ${run}`, eid: `PZ-UI-${run}` };
  const admin = await adminIn(request, CERRO_AZUL);
  await openShell(page, 'admin', '/devices/schemes');

  // The scheme: pressure in, tip elevation per device, piezometric level computed, critical above 115 m.
  await page.getByRole('button', { name: 'New scheme' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New scheme' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(schemeName);
  await choose(page, page, 'Type', 'Phreatic surface');
  await addMetric(page, 'Raw metrics', { key: 'pressure', label: 'Pressure', unit: 'kPa' });
  await addMetric(page, 'Context metrics', { key: 'tip_elevation', label: 'Tip elevation', unit: 'm' });
  await addMetric(page, 'Calculated metrics', {
    key: 'piezometric_level',
    label: 'Piezometric level',
    unit: 'm',
    formula: 'tip_elevation + pressure / ',
  });
  // The formula is checked as it is typed.
  const calculated = page.getByRole('region', { name: 'Calculated metrics', exact: true });
  await expect(calculated.getByText(/does not parse/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toBeDisabled();
  await calculated.getByLabel('Formula').fill('tip_elevation + pressure / 9.8068');
  await expect(calculated.getByText(/does not parse/)).toHaveCount(0);

  const limits = page.getByRole('region', { name: 'Limits and invalid bounds' });
  await limits.getByRole('button', { name: 'Add a limit' }).click();
  const limit = limits.getByRole('group').first();
  await choose(limit, page, 'Metric group', 'Calculated metrics');
  await choose(limit, page, 'Level', 'Critical');
  await limit.getByLabel('Value').fill('115');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schemes' })).toBeVisible();
  await expect(page.getByRole('link', { name: schemeName })).toBeVisible();

  // The piezometer, placed with a click on the site map.
  await page.goto('/devices');
  await page.getByRole('button', { name: 'New instrument' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(device.title);
  await page.getByRole('textbox', { name: 'EID' }).fill(device.eid);
  await expect(page.getByRole('img', { name: 'The EID is free' })).toBeVisible();
  await choose(page, page, 'Scheme', schemeName);
  await page.getByLabel('Tip elevation (m)').fill('100');
  const map = page.getByRole('region', { name: 'Site map: click to place the device' });
  await expect(map).toBeVisible();
  await map.click({ position: { x: 300, y: 190 } });
  await expect(page.getByRole('textbox', { name: 'Latitude' })).not.toHaveValue('');
  await expect(map.getByRole('button', { name: `Place of ${device.title}` })).toBeVisible();
  const latitude = Number(await page.getByRole('textbox', { name: 'Latitude' }).inputValue());
  await saveFocusedScreens(page, 'device-registry-form', map);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();

  const stored = await request.get(`/device-registry/api/v1/instruments?eid=${device.eid}`, {
    headers: auth(admin.token),
  });
  const [created] = ((await stored.json()) as { objects: Array<{ id: string; location: { coordinates: number[] } }> })
    .objects;
  expect(created, 'the instrument was created').toBeTruthy();
  // On the wire a place is [longitude, latitude].
  expect(created!.location.coordinates[1]).toBeCloseTo(latitude, 6);

  // A reading 20 m above the tip: level 120 m, past the critical limit.
  await ingest(request, admin.token, [{ eid: device.eid, raw_metrics: { pressure: 196.136 } }]);
  await page.goto(`/safety-state/device/instrument/${created!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: device.title })).toBeVisible();
  await expect(
    page.getByRole('region', { name: `${device.title} · Piezometric level`, exact: true }).first(),
  ).toContainText('120');
  await expect
    .poll(async () => (await alarmsOf(request, admin.token, created!.id)).length, { timeout: 30_000 })
    .toBeGreaterThan(0);

  // The formula previewed on the piezometer's readings.
  await page.goto('/devices/schemes');
  await page.getByRole('link', { name: schemeName }).click();
  const preview = page.getByRole('region', { name: 'Preview of the formulas' });
  await preview.getByRole('combobox', { name: 'Device' }).fill(device.eid);
  await page.getByRole('option', { name: new RegExp(device.eid) }).click();
  const table = preview.getByRole('table', { name: 'Latest readings with the calculated metrics' });
  await expect(table).toContainText('120');
  await afterSnackbars(page);
  await saveFocusedScreens(page, 'device-registry-scheme-editor', preview);
});

test('a manager imports a register of three rows: one error blocks it, the fixed file goes in', async ({
  page,
  request,
}) => {
  const run = suffix();
  // The new instruments stand beside one of the site's own, so the site's maps stay on the site.
  const admin = await adminIn(request, CERRO_AZUL);
  const near = await request.get('/device-registry/api/v1/instruments?eid=PZ-01&fields=location', {
    headers: auth(admin.token),
  });
  const [lon, lat] = ((await near.json()) as { objects: Array<{ location: { coordinates: number[] } }> }).objects[0]!
    .location.coordinates as [number, number];
  const row = (n: number, latitude: number) =>
    `instrument,IMP-${run}-${n},Imported piezometer ${run} ${n},VW piezometer,${latitude},${lon + n * 0.0002},3600`;
  const header = 'entity_type,eid,title,scheme,lat,lon,contracted_sla_time';
  const file = (lat3: number) => ({
    name: `register-${run}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from([header, row(1, lat), row(2, lat), row(3, lat3)].join('\n') + '\n'),
  });
  await openShell(page, 'manager', '/devices');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import an instrument register' });
  await dialog.getByLabel('Register file').setInputFiles(file(91));
  const rows = dialog.getByRole('table', { name: 'What the import does with each row' });
  await expect(rows.getByRole('row')).toHaveCount(4);
  await expect(rows.getByRole('row', { name: /^4 / })).toContainText('lat: Latitude');
  await expect(dialog.getByText(/1 error to fix/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 3 rows' })).toBeDisabled();
  await saveDialogScreens(page, 'device-registry-import-preview', rows);

  await dialog.getByLabel('Register file').setInputFiles(file(lat));
  await expect(dialog.getByText('Ready: 3 new, 0 changed, 0 unchanged.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(dialog.getByText('Register imported')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('textbox', { name: 'Search devices' }).fill(`IMP-${run}`);
  await expect(page.getByRole('table', { name: 'Devices' }).getByRole('row')).toHaveCount(4);
});

test('the history shows that the manager changed the contracted SLA, from what to what', async ({ page, request }) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const device = await createPiezometer(request, admin.token, 'SLA piezometer');
  await openShell(page, 'manager', `/devices/instruments/${device.id}`);
  const sla = page.getByRole('textbox', { name: 'Contracted SLA' });
  await expect(sla).toHaveValue('3600');
  await sla.fill('600');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();

  await page.goto(`/devices/instruments/${device.id}`);
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: /History/ });
  const change = history.getByRole('listitem').filter({ hasText: 'Changed by manager' }).first();
  await expect(change).toContainText('Contracted SLA');
  await expect(change).toContainText('3600');
  await expect(change).toContainText('600');
  await expect(history.getByRole('listitem').filter({ hasText: 'Created by admin' })).toBeVisible();
});

test('a second editor’s save is refused with a message and the form keeps what was typed', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const device = await createPiezometer(request, admin.token, 'Two editors piezometer');
  await openShell(page, 'admin', `/devices/instruments/${device.id}`);
  await expect(page.getByRole('textbox', { name: 'Contracted SLA' })).toHaveValue('3600');
  // Someone else saves meanwhile.
  const other = await apiLogin(request, 'manager');
  const patched = await request.patch(`/device-registry/api/v1/instruments/${device.id}`, {
    headers: auth(admin.token),
    data: { description: `Changed by someone else (${other.user_id})` },
  });
  expect(patched.ok(), await patched.text()).toBe(true);
  await page.getByRole('textbox', { name: 'Contracted SLA' }).fill('900');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Someone else changed this device; reload to see their change.' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Contracted SLA' })).toHaveValue('900');
});

test('an operator reads the devices without the buttons that change them; the table filters as one types', async ({
  page,
}) => {
  await openShell(page, 'operator', '/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New instrument' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search devices' }).fill('PZ-0');
  await expect(page.getByRole('status').filter({ hasText: /of \d+ devices shown/ })).toBeVisible();
  for (const title of await table.getByRole('row').allInnerTexts()) expect(title).toMatch(/PZ-0|EID/i);
  await page.getByRole('tab', { name: 'Interface nodes' }).click();
  await expect(page).toHaveURL(/tab=interface-node/);
});

test('an administrator makes a group of two devices, renames it, and the table filters by it', async ({ page }) => {
  const name = `Crest group ${suffix()}`;
  await openShell(page, 'admin', '/devices');
  await page.getByRole('button', { name: 'Groups' }).click();
  const dialog = page.getByRole('dialog', { name: 'Groups' });
  await dialog.getByRole('button', { name: 'New group' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  for (const eid of ['IPI-01', 'IPI-02']) {
    await dialog.getByRole('combobox', { name: 'Devices' }).fill(eid);
    await page.getByRole('option', { name: new RegExp(`^${eid} · `) }).click();
  }
  await dialog.getByRole('button', { name: 'Create' }).click();
  const list = dialog.getByRole('list', { name: 'Groups of the project' });
  await expect(list.getByRole('button', { name: new RegExp(`${name}.*2 devices`) })).toBeVisible();
  await list.getByRole('button', { name: new RegExp(name) }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('button', { name: new RegExp(`${name} renamed`) })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await choose(page, page, 'Group', `${name} renamed`);
  await expect(page.getByRole('table', { name: 'Devices' }).getByRole('row')).toHaveCount(3);
});

test('the devices table at desktop and phone widths', async ({ page }) => {
  await openShell(page, 'admin', '/devices');
  await expect(page.getByRole('table', { name: 'Devices' }).getByRole('row').nth(1)).toBeVisible();
  await afterSnackbars(page);
  await saveScreens(page, 'device-registry-table');
  await page.setViewportSize({ width: 390, height: 844 });
  // At phone width the table is a list of cards.
  await expect(page.getByRole('list', { name: 'Devices' }).getByRole('listitem').first()).toBeVisible();
});

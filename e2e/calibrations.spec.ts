import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { VIBRATING_WIRE_FORMULAS } from '@vigil/domain';
import { auth } from './support/api.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { CERRO_AZUL, ingest } from './support/notifications.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

/**
 * Issue 34: an engineer re-zeroes a vibrating-wire piezometer from last week; the readings it covers
 * are recomputed with a progress bar, the chart steps at that date and marks it, earlier values stay.
 */
test.describe.configure({ timeout: 180_000 });
// Cerro Azul's own zone: the dialog takes and the timeline shows dates in the user's time zone.
test.use({ timezoneId: 'America/Santiago' });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FACTORY = { G: -0.1557, R0: 8000, K: 0.1319, T0: 22 };
const REZERO = 8050;
const TIP = 100;
const [DIGITS, TEMPERATURE] = [7700, 24];
const LEVEL = 'calculated_metrics.piezometric_level';

/** The manufacturer's linear form, then the level above the tip (issue 34). */
const levelWith = (r0: number) => TIP + (FACTORY.G * (DIGITS - r0) + FACTORY.K * (TEMPERATURE - FACTORY.T0)) / 9.8068;

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();

/** A vibrating-wire piezometer whose scheme reads its calibration, with its factory calibration a month ago. */
async function createVwPiezometer(request: APIRequestContext, token: string) {
  const run = suffix();
  const post = async (path: string, data: object) => {
    const response = await request.post(`/device-registry/api/v1/${path}`, { headers: auth(token), data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const scheme = await post('schemes', {
    name: `VW piezometer ${run}`,
    type: 'phreatic_surface',
    spec: {
      metrics: {
        raw_metrics: [
          { key: 'reading', label: 'Reading', unit: 'digits' },
          { key: 'temperature', label: 'Temperature', unit: '°C' },
        ],
        calculated_metrics: [
          {
            key: 'pressure',
            label: 'Pressure',
            unit: 'kPa',
            formula: VIBRATING_WIRE_FORMULAS.linear,
          },
          { key: 'piezometric_level', label: 'Piezometric level', unit: 'm', formula: 'tip + pressure / 9.8068' },
        ],
        context_metrics: [{ key: 'tip', label: 'Tip elevation', unit: 'm' }],
      },
      metric_limits: [],
    },
  });
  const device = { eid: `PZ-VW-${run}`, title: `VW piezometer ${run}`, id: '' };
  device.id = await post('instruments', {
    eid: device.eid,
    title: device.title,
    scheme,
    context: { tip: TIP },
    contracted_sla_time: 3600,
  });
  await post(`instruments/${device.id}/calibrations`, {
    effective_from: new Date(Date.now() - 30 * DAY).toISOString(),
    factors: FACTORY,
    serial_number: 'VW-4471',
    notes: 'Factory calibration sheet',
  });
  return device;
}

/** Every stored reading of the device, oldest first. */
async function readingsOf(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(
    `/metrics-provider/api/v1/metrics/?monitored_entity_ids=${id}&ordering=read_at&paginate_by=1000`,
    { headers: auth(token) },
  );
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).objects as Array<{
    read_at: string;
    raw_metrics: { reading: number; temperature: number };
    calculated_metrics: { pressure: number; piezometric_level: number };
  }>;
}

/** A time as the browser's datetime-local input takes it, in the browser's (the user's) zone. */
const localInput = (page: Page, ms: number) =>
  page.evaluate((t) => {
    const d = new Date(t);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, ms);

test('an engineer re-zeroes a piezometer from last week: the readings from then are recomputed, the chart steps there and marks it', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const device = await createVwPiezometer(request, admin.token);
  // Readings every hour for the last two weeks, on the half hour, so that none sits on the new date.
  const first = Math.floor(Date.now() / HOUR) * HOUR - 14 * DAY + HOUR / 2;
  const times = Array.from({ length: 14 * 24 }, (_, i) => first + i * HOUR).filter((t) => t < Date.now());
  for (let i = 0; i < times.length; i += 100)
    await ingest(
      request,
      admin.token,
      times.slice(i, i + 100).map((t) => ({
        eid: device.eid,
        read_at: new Date(t).toISOString(),
        raw_metrics: { reading: DIGITS, temperature: TEMPERATURE },
      })),
    );
  const before = await readingsOf(request, admin.token, device.id);
  expect(before).toHaveLength(times.length);
  for (const reading of before) expect(reading.calculated_metrics.piezometric_level).toBeCloseTo(levelWith(8000), 6);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openShell(page, 'admin', `/devices/instruments/${device.id}`);
  await expect(page.getByRole('heading', { level: 1, name: device.title })).toBeVisible();
  await page.getByRole('tab', { name: 'Calibrations' }).click();
  await expect(page).toHaveURL(/\?tab=calibrations$/);
  const timeline = page.getByRole('list', { name: 'Calibrations, newest first' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.getByRole('listitem').first()).toContainText('In effect');
  await expect(timeline.getByRole('listitem').first()).toContainText('Serial number: VW-4471');

  // A week ago, on the hour: the factory's factors are filled in, only R0 changes.
  const effective = Math.floor(Date.now() / HOUR) * HOUR - 7 * DAY;
  await page.getByRole('button', { name: 'Add calibration' }).click();
  const dialog = page.getByRole('dialog', { name: 'New calibration' });
  await expect(dialog.getByRole('textbox', { name: 'Value of G' })).toHaveValue('-0.1557');
  await expect(dialog.getByRole('textbox', { name: 'Value of R0' })).toHaveValue('8000');
  await expect(dialog.getByRole('textbox', { name: 'Value of K' })).toHaveValue('0.1319');
  await expect(dialog.getByRole('textbox', { name: 'Serial number' })).toHaveValue('VW-4471');
  await dialog.getByLabel('Effective from').fill(await localInput(page, effective));
  await dialog.getByRole('textbox', { name: 'Value of R0' }).fill(String(REZERO));
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Re-zeroed after the logger was replaced');
  await saveDialogScreens(page, 'calibration-dialog');

  // Whether the bar is caught by polling or not, the page records that it was shown.
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"][aria-label="Recomputing readings"]'))
        (window as unknown as { progressSeen: boolean }).progressSeen = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const statuses: string[] = [];
  page.on('response', async (response) => {
    if (/\/calibrations\/[^/]+\/recompute$/.test(new URL(response.url()).pathname))
      statuses.push(((await response.json()) as { status: string }).status);
  });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  const covered = times.filter((t) => t >= effective).length;
  await expect(page.getByText(`Readings recomputed: ${covered}.`)).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { progressSeen: boolean }).progressSeen)).toBe(true);
  expect(statuses.at(-1)).toBe('done');

  // The new calibration is in effect, the factory's is kept below it.
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  const newest = timeline.getByRole('listitem').first();
  await expect(newest).toContainText('In effect');
  await expect(newest).toContainText('8,050');
  await expect(newest).toContainText('Re-zeroed after the logger was replaced');
  await expect(newest).toContainText('Entered by admin');
  await expect(timeline.getByRole('listitem').nth(1)).not.toContainText('In effect');
  await page.mouse.move(0, 0);
  await saveScreens(page, 'calibrations-tab');

  // A second calibration at the same instant: the server's 409 in words on the form.
  await page.getByRole('button', { name: 'Add calibration' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Value of R0' })).toHaveValue(String(REZERO));
  await dialog.getByLabel('Effective from').fill(await localInput(page, effective));
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A calibration with this effective date already exists.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The change is in the device's history, in words.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: /History/ });
  await expect(history.getByText(/R0 = 8050/)).toBeVisible();
  await expect(history.getByText('Calibration', { exact: true }).first()).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();

  // Value by value: readings from the new date use R0 = 8050, earlier ones keep theirs, raw values never change.
  const after = await readingsOf(request, admin.token, device.id);
  expect(after).toHaveLength(times.length);
  for (const reading of after) {
    const r0 = Date.parse(reading.read_at) >= effective ? REZERO : FACTORY.R0;
    expect(reading.calculated_metrics.piezometric_level, reading.read_at).toBeCloseTo(levelWith(r0), 6);
    expect(reading.raw_metrics).toEqual({ reading: DIGITS, temperature: TEMPERATURE });
  }
  // The chart's series agree: the buckets well before and well after the date hold the two levels.
  const series = await request.post('/metrics-provider/api/v1/metrics/timeseries/', {
    headers: auth(admin.token),
    data: {
      metric: LEVEL,
      from_time: new Date(first - HOUR).toISOString(),
      to_time: new Date().toISOString(),
      filters: { monitored_entity_ids: [device.id] },
    },
  });
  expect(series.ok(), await series.text()).toBe(true);
  const values = Object.entries(
    ((await series.json()) as { data: Array<{ values: Record<string, number> }> }).data[0]!.values,
  );
  const earlier = values.filter(([t]) => Date.parse(t) < effective - DAY);
  const later = values.filter(([t]) => Date.parse(t) > effective + DAY);
  expect(earlier.length).toBeGreaterThan(0);
  expect(later.length).toBeGreaterThan(0);
  for (const [, v] of earlier) expect(v).toBeCloseTo(levelWith(FACTORY.R0), 4);
  for (const [, v] of later) expect(v).toBeCloseTo(levelWith(REZERO), 4);

  // The device's dashboard: its level chart over a month marks the change, labelled with its day.
  await page.goto(`/safety-state/device/instrument/${device.id}`);
  // the chart card, beside the gauge of the same name
  const chart = page.getByRole('img', { name: `Chart: ${device.title} · Piezometric level` });
  const card = page.getByRole('region', { name: `${device.title} · Piezometric level` }).filter({ has: chart });
  await card.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: '1 month', exact: true }).click();
  await expect(chart).toBeVisible();
  const day = await page.evaluate(
    (t) => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short' }).format(t),
    effective,
  );
  await expect(chart).toHaveAccessibleDescription(new RegExp(`Calibration ${day}`));
  await page.mouse.move(0, 0);
  await saveScreens(page, 'calibrations-chart-marks', card);

  // Deleting the re-zeroing (after confirming) recomputes its readings with the factory's factors again.
  await page.goto(`/devices/instruments/${device.id}?tab=calibrations`);
  await timeline
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Delete the calibration/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this calibration?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Readings recomputed: ${covered}.`)).toBeVisible({ timeout: 60_000 });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  for (const reading of await readingsOf(request, admin.token, device.id))
    expect(reading.calculated_metrics.piezometric_level, reading.read_at).toBeCloseTo(levelWith(FACTORY.R0), 6);
  expect(errors, 'errors in the page').toEqual([]);
});

test('an operator reads the calibrations without the buttons that change them', async ({ page, request }) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const device = await createVwPiezometer(request, admin.token);
  await openShell(page, 'operator', `/devices/instruments/${device.id}?tab=calibrations`);
  const timeline = page.getByRole('list', { name: 'Calibrations, newest first' });
  await expect(page.getByRole('tab', { name: 'Calibrations' })).toHaveAttribute('aria-selected', 'true');
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.getByRole('listitem').first()).toContainText('Factory calibration sheet');
  await expect(
    page.getByText('You can look at the calibrations; an administrator or a manager changes them.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add calibration' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Change the calibration/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete the calibration/ })).toHaveCount(0);

  // Interface nodes and virtual devices have no calibrations: their page has no tabs.
  const nodes = await request.get('/device-registry/api/v1/interface-nodes?paginate_by=1', {
    headers: auth(admin.token),
  });
  const node = ((await nodes.json()) as { objects: Array<{ id: string; title: string }> }).objects[0]!;
  await page.goto(`/devices/interface-nodes/${node.id}`);
  await expect(page.getByRole('heading', { level: 1, name: node.title })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

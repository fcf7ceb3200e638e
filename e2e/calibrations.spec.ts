import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { KPA_PER_METRE_OF_WATER, linearPressure, VIBRATING_WIRE_FORMULAS, type LinearCalibration } from '@vigil/domain';
import { apiLogin, auth } from './support/api.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { CERRO_AZUL, OUSE } from './support/notifications.ts';
import { ownServer } from './support/own-server.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

/**
 * Issue 34: an engineer re-zeroes one of the demo's vibrating-wire piezometers from last week; the
 * readings it covers are recomputed with a progress bar, the chart steps at that date and marks it,
 * earlier values stay. The demo's history and its simulator run meanwhile, as on a live site: a server
 * of this file's own writes twelve days of history and then a reading a minute from every device.
 */
const server = ownServer(47, { DEMO_HISTORY: 'on', DEMO_HISTORY_DAYS: '12', SIMULATOR: 'on' });
// An Ouse piezometer that no other test sends readings to or reads; its factory sheet is the calibration in effect.
const EID = 'PZ-08';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The new zero reading, digits below the factory's: the level steps down by −G·ΔR0 / 9.8068 ≈ half a metre.
const ZERO_SHIFT = -55;
const NOTES = 'Re-zeroed after the logger was replaced';
const LEVEL = 'calculated_metrics.piezometric_level';

interface Reading {
  read_at: string;
  raw_metrics: { reading: number; temperature: number };
  calculated_metrics: { pressure: number; piezometric_level: number };
}

/** The manufacturer's linear form, then the level above the tip (issue 34). */
const levelOf = (r: Reading, tip: number, sheet: LinearCalibration) =>
  tip + linearPressure(sheet, r.raw_metrics.reading, r.raw_metrics.temperature) / KPA_PER_METRE_OF_WATER;

/** Every stored reading of the device, oldest first. */
async function readingsOf(request: APIRequestContext, token: string, id: string): Promise<Reading[]> {
  const out: Reading[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(
      `/metrics-provider/api/v1/metrics/?monitored_entity_ids=${id}&ordering=read_at&paginate_by=1000&page=${page}`,
      { headers: auth(token) },
    );
    expect(response.ok(), await response.text()).toBe(true);
    const body = (await response.json()) as { count: number; objects: Reading[] };
    out.push(...body.objects);
    if (out.length >= body.count || !body.objects.length) return out;
  }
}

/** The device's hourly level averages up to `to` (fixed, so that the simulator's new readings fall outside). */
async function hourlyLevels(request: APIRequestContext, token: string, id: string, from: number, to: number) {
  const series = await request.post('/metrics-provider/api/v1/metrics/timeseries/', {
    headers: auth(token),
    data: {
      metric: LEVEL,
      from_time: new Date(from).toISOString(),
      to_time: new Date(to).toISOString(),
      aggregation: { interval: 'hour' },
      filters: { monitored_entity_ids: [id] },
    },
  });
  expect(series.ok(), await series.text()).toBe(true);
  const values = ((await series.json()) as { data: Array<{ values: Record<string, number> }> }).data[0]!.values;
  return new Map(Object.entries(values).map(([t, v]) => [Date.parse(t), v]));
}

/** A time as the browser's datetime-local input takes it, in the browser's (the user's) zone. */
const localInput = (page: Page, ms: number) =>
  page.evaluate((t) => {
    const d = new Date(t);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, ms);

/** The number a "Readings recomputed: N." message gives, once it shows. */
async function recomputedCount(page: Page) {
  const done = page.getByText(/^Readings recomputed: [\d,]+\.$/);
  await expect(done).toBeVisible({ timeout: 60_000 });
  return Number((await done.textContent())!.replace(/[^\d]/g, ''));
}

test.describe('on a demo piezometer, with the simulator sending readings', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await server.start({ fresh: true });
  });
  test.afterAll(async () => server.stop());

  test('an engineer re-zeroes a piezometer from last week: the readings from then are recomputed, the chart steps there and marks it', async ({
    browser,
  }) => {
    // Ouse is in York: the dialog takes and the timeline shows dates in the user's time zone.
    const context = await browser.newContext({ baseURL: server.url, timezoneId: 'Europe/London' });
    const { request } = context;
    const page = await context.newPage();
    const admin = await adminIn(request, OUSE);
    const found = await request.get(`/device-registry/api/v1/instruments?eid=${EID}`, { headers: auth(admin.token) });
    const device = (
      (await found.json()) as { objects: Array<{ id: string; title: string; context: { tip_elevation: number } }> }
    ).objects[0]!;
    const tip = device.context.tip_elevation;
    const sheets = await request.get(`/device-registry/api/v1/instruments/${device.id}/calibrations`, {
      headers: auth(admin.token),
    });
    const [factory] = (
      (await sheets.json()) as { objects: Array<{ factors: LinearCalibration; serial_number: string }> }
    ).objects;
    expect(factory).toBeDefined();
    const rezeroed = { ...factory!.factors, R0: Math.round((factory!.factors.R0 + ZERO_SHIFT) * 10) / 10 };

    // The history is written, and the simulator has taken over: readings a minute apart, just now.
    await expect
      .poll(
        async () => {
          const readings = await readingsOf(request, admin.token, device.id);
          const oldest = Date.parse(readings[0]?.read_at ?? '');
          const live = readings.filter((r) => Date.parse(r.read_at) > Date.now() - 5 * 60_000).length;
          return oldest < Date.now() - 11 * DAY && live >= 2;
        },
        { timeout: 90_000, intervals: [2000] },
      )
      .toBe(true);
    const before = await readingsOf(request, admin.token, device.id);
    for (const r of before)
      expect(r.calculated_metrics.piezometric_level, r.read_at).toBeCloseTo(levelOf(r, tip, factory!.factors), 6);
    const rawAt = new Map(before.map((r) => [r.read_at, r.raw_metrics]));
    // Hourly averages over the last twelve days, up to a time the simulator has passed.
    const until = Math.floor(Date.now() / HOUR) * HOUR - 1;
    const since = until + 1 - 11 * DAY;
    const hourlyBefore = await hourlyLevels(request, admin.token, device.id, since, until);

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // the administrator's session with Ouse as its current project, as the project switcher leaves it
    const { token, user_id: userId } = await apiLogin(request, 'admin');
    await request.post('/auth/api/v1/users/switch-data-context/', {
      headers: auth(token),
      data: { data_context: admin.projectId },
    });
    await page.goto('/favicon.svg');
    await page.evaluate((session) => localStorage.setItem('vigil.session', JSON.stringify(session)), {
      token,
      userId,
      projectId: admin.projectId,
    });
    await page.goto(`/devices/instruments/${device.id}`);
    await expect(page.getByRole('heading', { level: 1, name: device.title })).toBeVisible();
    await page.getByRole('tab', { name: 'Calibrations' }).click();
    await expect(page).toHaveURL(/\?tab=calibrations$/);
    const timeline = page.getByRole('list', { name: 'Calibrations, newest first' });
    await expect(timeline.getByRole('listitem')).toHaveCount(1);
    await expect(timeline.getByRole('listitem').first()).toContainText('In effect');
    await expect(timeline.getByRole('listitem').first()).toContainText(`Serial number: ${factory!.serial_number}`);

    // A week ago, on the hour: the factory's factors are filled in, only R0 changes.
    const effective = Math.floor(Date.now() / HOUR) * HOUR - 7 * DAY;
    await page.getByRole('button', { name: 'Add calibration' }).click();
    const dialog = page.getByRole('dialog', { name: 'New calibration' });
    await expect(dialog.getByRole('textbox', { name: 'Value of G' })).toHaveValue(String(factory!.factors.G));
    await expect(dialog.getByRole('textbox', { name: 'Value of R0' })).toHaveValue(String(factory!.factors.R0));
    await expect(dialog.getByRole('textbox', { name: 'Value of K' })).toHaveValue(String(factory!.factors.K));
    await expect(dialog.getByRole('textbox', { name: 'Serial number' })).toHaveValue(factory!.serial_number);
    await dialog.getByLabel('Effective from').fill(await localInput(page, effective));
    await dialog.getByRole('textbox', { name: 'Value of R0' }).fill(String(rezeroed.R0));
    await dialog.getByRole('textbox', { name: 'Notes' }).fill(NOTES);
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
    const coveredAt = async () =>
      (await readingsOf(request, admin.token, device.id)).filter((r) => Date.parse(r.read_at) >= effective).length;
    const coveredBefore = await coveredAt();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
    // Every reading covered when the job started, and those the simulator stored while it walked them.
    const recomputed = await recomputedCount(page);
    expect(recomputed).toBeGreaterThanOrEqual(coveredBefore);
    expect(recomputed).toBeLessThanOrEqual(await coveredAt());
    expect(await page.evaluate(() => (window as unknown as { progressSeen: boolean }).progressSeen)).toBe(true);
    expect(statuses.at(-1)).toBe('done');

    // The new calibration is in effect, the factory's is kept below it.
    await expect(timeline.getByRole('listitem')).toHaveCount(2);
    const newest = timeline.getByRole('listitem').first();
    await expect(newest).toContainText('In effect');
    await expect(newest).toContainText(rezeroed.R0.toLocaleString('en-US'));
    await expect(newest).toContainText(NOTES);
    await expect(newest).toContainText('Entered by admin');
    await expect(timeline.getByRole('listitem').nth(1)).not.toContainText('In effect');
    await page.mouse.move(0, 0);
    await saveScreens(page, 'calibrations-tab');

    // A second calibration at the same instant: the server's 409 in words on the form.
    await page.getByRole('button', { name: 'Add calibration' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Value of R0' })).toHaveValue(String(rezeroed.R0));
    await dialog.getByLabel('Effective from').fill(await localInput(page, effective));
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('A calibration with this effective date already exists.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The change is in the device's history, in words.
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: /History/ });
    await expect(history.getByText(new RegExp(`R0 = ${rezeroed.R0}`))).toBeVisible();
    await expect(history.getByText('Calibration', { exact: true }).first()).toBeVisible();
    await history.getByRole('button', { name: 'Close' }).click();

    // Value by value, the simulator's new readings included: from the new date R0 is the new zero,
    // earlier readings keep the factory's; raw values never change.
    const after = await readingsOf(request, admin.token, device.id);
    expect(after.length).toBeGreaterThanOrEqual(before.length);
    for (const r of after) {
      const sheet = Date.parse(r.read_at) >= effective ? rezeroed : factory!.factors;
      expect(r.calculated_metrics.piezometric_level, r.read_at).toBeCloseTo(levelOf(r, tip, sheet), 6);
      if (rawAt.has(r.read_at)) expect(r.raw_metrics, r.read_at).toEqual(rawAt.get(r.read_at));
    }
    // The chart's series agree: the hours before the date are as they were, those after it stepped by −G·ΔR0.
    const step = (-factory!.factors.G * (rezeroed.R0 - factory!.factors.R0)) / KPA_PER_METRE_OF_WATER;
    expect(Math.abs(step)).toBeGreaterThan(0.3);
    const hourlyAfter = await hourlyLevels(request, admin.token, device.id, since, until);
    expect([...hourlyAfter.keys()]).toEqual([...hourlyBefore.keys()]);
    // the date is on the hour: each hour is wholly before it or wholly after
    for (const [hour, value] of hourlyAfter) {
      const change = value - hourlyBefore.get(hour)!;
      expect(change, new Date(hour).toISOString()).toBeCloseTo(hour < effective ? 0 : step, 6);
    }
    expect([...hourlyAfter.keys()].filter((hour) => hour < effective).length).toBeGreaterThan(24);
    expect([...hourlyAfter.keys()].filter((hour) => hour >= effective).length).toBeGreaterThan(24);

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
    expect(await recomputedCount(page)).toBeGreaterThanOrEqual(recomputed);
    await expect(timeline.getByRole('listitem')).toHaveCount(1);
    for (const r of await readingsOf(request, admin.token, device.id))
      expect(r.calculated_metrics.piezometric_level, r.read_at).toBeCloseTo(levelOf(r, tip, factory!.factors), 6);
    expect(errors, 'errors in the page').toEqual([]);
    await context.close();
  });
});

/** A vibrating-wire piezometer of the run's shared server whose scheme reads its calibration, with a factory calibration a month ago. */
async function createVwPiezometer(request: APIRequestContext, token: string) {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();
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
          { key: 'pressure', label: 'Pressure', unit: 'kPa', formula: VIBRATING_WIRE_FORMULAS.linear },
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
    context: { tip: 100 },
    contracted_sla_time: 3600,
  });
  await post(`instruments/${device.id}/calibrations`, {
    effective_from: new Date(Date.now() - 30 * DAY).toISOString(),
    factors: { G: -0.1557, R0: 8000, K: 0.1319, T0: 22 },
    serial_number: 'VW-4471',
    notes: 'Factory calibration sheet',
  });
  return device;
}

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

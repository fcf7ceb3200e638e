import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { auth } from './support/api.ts';
import { afterSnackbars, CERRO_AZUL, instrumentByEid } from './support/notifications.ts';
import { ingestPressures, type IntendedPressure } from './support/piezometer-digits.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

/**
 * Issue 24: cross sections. The e2e server has no history (DEMO_HISTORY=off): each test sends the
 * readings it draws. Each works on a section of its own (Section A levels, Section B history,
 * Section C toggles, a new section in the editor), so that the tests of this file may run side by side.
 */

// Leaflet's chunk, the side view's readings and the media images: on a busy machine this takes a while.
test.describe.configure({ timeout: 120_000 });

const KPA_PER_M = 9.8068;
const DAY = 86_400_000;

interface Section {
  id: string;
  name: string;
  distance: number;
  altitude_min: number;
  altitude_max: number;
  x0_location: { lat: number; lng: number } | null;
  x_max_location: { lat: number; lng: number } | null;
  sensors: Array<{ id: string; device_id: string; title: string; metric_field: string; location: unknown }>;
}

async function sectionNamed(request: APIRequestContext, admin: { token: string; projectId: string }, prefix: string) {
  const response = await request.get(`/ui/api/v1/projects/${admin.projectId}/cross-sections/?paginate_by=100`, {
    headers: auth(admin.token),
  });
  expect(response.ok(), await response.text()).toBe(true);
  const section = ((await response.json()) as { objects: Section[] }).objects.find((s) => s.name.startsWith(prefix));
  if (!section) throw new Error(`no section ${prefix}`);
  return section;
}

/** A piezometer's pore pressure (kPa) for a piezometric level `metres` above its tip. */
const pressureFor = (tip: number, level: number) => Number(((level - tip) * KPA_PER_M).toFixed(3));

/** The newest piezometric level of each device, as the metrics API answers. */
async function latestLevels(request: APIRequestContext, token: string, ids: string[]) {
  const response = await request.post('/metrics-provider/api/v1/metrics/latest/', {
    headers: auth(token),
    data: { latest_by: 'monitored_entity_id', filters: { monitored_entity_ids: ids } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const readings = (await response.json()).objects as Array<{
    monitored_entity_id: string;
    calculated_metrics: Record<string, number>;
  }>;
  return new Map(readings.map((r) => [r.monitored_entity_id, r.calculated_metrics.piezometric_level]));
}

const sideView = (page: Page, name: string) => page.getByRole('region', { name: `Side view of ${name}` });

/** The sensors drawn on a side view: their accessible names and the level each carries. */
async function drawnSensors(view: Locator) {
  return view.locator('[data-sensor]').evaluateAll((elements) =>
    elements.map((e) => ({
      sensor: e.getAttribute('data-sensor')!,
      device: e.getAttribute('data-device')!,
      name: e.getAttribute('aria-label') ?? '',
      x: Number(e.getAttribute('data-x')),
      level: e.getAttribute('data-level') === '' ? null : Number(e.getAttribute('data-level')),
      status: e.getAttribute('data-status'),
      icon: e.getAttribute('data-icon'),
    })),
  );
}

/** The points a named line of the side view runs through: [distance, altitude]. */
async function linePoints(view: Locator, name: string) {
  const data = await view.getByRole('img', { name, exact: true }).getAttribute('data-points');
  return (data ?? '')
    .split(';')
    .filter(Boolean)
    .map((pair) => pair.split(':').map(Number) as [number, number]);
}

/** Sends each piezometer of a section a reading at `read_at` that puts its level `levelOf(tip, i)`. */
async function sendLevels(
  request: APIRequestContext,
  token: string,
  eids: string[],
  levelOf: (tip: number, i: number) => number,
  readAt: string,
) {
  const intended: IntendedPressure[] = [];
  for (const [i, eid] of eids.entries()) {
    const device = await instrumentByEid(request, token, eid);
    const tip = device.context.tip_elevation!;
    intended.push({ eid, read_at: readAt, pressure: pressureFor(tip, levelOf(tip, i)), temperature: 17 });
  }
  await ingestPressures(request, token, intended);
}

const eidOf = (title: string) => title.split(' ')[0]!;

test('a demo section draws the phreatic surface through the levels the metrics API gives its piezometers', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const section = await sectionNamed(request, admin, 'Section A');
  const eids = section.sensors.map((s) => eidOf(s.title));
  expect(eids.length).toBeGreaterThanOrEqual(6);
  // Levels falling from the beach to the toe; the last piezometer reads below its tip: dry.
  const now = new Date().toISOString();
  await sendLevels(
    request,
    admin.token,
    eids,
    (tip, i) => (i === eids.length - 1 ? tip - 0.4 : tip + 24 - i * 2.5),
    now,
  );

  await openShell(page, 'admin', `/cross-sections/${section.id}`);
  await expect(page.getByRole('heading', { level: 1, name: section.name })).toBeVisible();
  const view = sideView(page, section.name);
  await expect(view.locator('[data-sensor]')).toHaveCount(section.sensors.length);

  // Another test may send these piezometers a reading meanwhile: the page is read again until what
  // it draws and what the API answers are the same reading.
  const ids = section.sensors.map((s) => s.device_id);
  for (let attempt = 1; ; attempt++) {
    const api = await latestLevels(request, admin.token, ids);
    await expect
      .poll(async () => (await drawnSensors(view)).filter((d) => d.level !== null).length, { timeout: 20_000 })
      .toBe(ids.length);
    const drawn = await drawnSensors(view);
    const same = drawn.every((d) => Math.abs(d.level! - api.get(d.device)!) < 1e-6);
    if (same || attempt === 3) {
      for (const d of drawn) expect(d.level, d.name).toBeCloseTo(api.get(d.device)!, 6);
      break;
    }
    await page.reload();
    await expect(view.locator('[data-sensor]')).toHaveCount(section.sensors.length);
  }
  const drawn = await drawnSensors(view);
  // Each marker is named with its level, for screen readers: "PZ-01 Upstream beach: 1168.4 m".
  const first = drawn.find((d) => d.sensor === section.sensors[0]!.id)!;
  expect(first.name).toBe(
    `${section.sensors[0]!.title}: ${first.level!.toLocaleString('en-US', { maximumFractionDigits: 2 })} m`,
  );
  // The dry piezometer says so, and the surface leaves it out.
  const dry = drawn.find((d) => d.sensor === section.sensors.at(-1)!.id)!;
  expect(dry.status).toBe('dry');
  expect(dry.name).toMatch(/, dry \(below its tip at [\d.,]+ m\)$/);
  const wet = drawn.filter((d) => d.status !== 'dry').sort((a, b) => a.x - b.x);
  const surface = await linePoints(view, 'Phreatic surface');
  expect(surface).toHaveLength(wet.length);
  surface.forEach(([x, level], i) => {
    expect(x).toBeCloseTo(wet[i]!.x, 6);
    expect(level).toBeCloseTo(wet[i]!.level!, 6);
  });
  // Along the section from upstream: the points run in order of distance.
  expect(surface.map(([x]) => x)).toEqual([...surface.map(([x]) => x)].sort((a, b) => a - b));
  // The limit levels of the spec's colours, and the period's envelope, are drawn.
  await expect(view.getByRole('img', { name: 'Warning level', exact: true })).toHaveAttribute('stroke', '#F5A623');
  await expect(view.getByRole('img', { name: 'Critical level', exact: true })).toHaveAttribute('stroke', '#D0021B');
  await expect(view.getByRole('img', { name: 'Maximum levels of the period' })).toBeAttached();

  await afterSnackbars(page);
  await page.mouse.move(0, 0);
  await saveScreens(page, 'cross-section-side-view', page.getByRole('region', { name: 'Side view', exact: true }));
  await saveScreens(page, 'cross-section-aerial-view', page.getByRole('region', { name: 'Aerial view', exact: true }));
  await expect(page.getByRole('region', { name: `Aerial view of ${section.name}` })).toBeVisible();
});

test('each toggle and layer changes what the side view draws, and the vertical scale its proportions', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const section = await sectionNamed(request, admin, 'Section C');
  await openShell(page, 'admin', `/cross-sections/${section.id}`);
  // The side view's card: the aerial view below has a Display Names switch of its own.
  const card = page.getByRole('region', { name: 'Side view', exact: true });
  const view = sideView(page, section.name);
  const markers = view.locator('[data-sensor]');
  await expect(markers).toHaveCount(section.sensors.length);
  const tooltips = view.getByRole('tooltip');
  const firstTitle = section.sensors[0]!.title;

  // Display Current Metric is on at first: every sensor's value beside it, no names.
  await expect(tooltips).toHaveCount(section.sensors.length);
  await expect(tooltips.filter({ hasText: firstTitle })).toHaveCount(0);
  await card.getByRole('switch', { name: 'Display Names' }).check();
  await expect(tooltips.filter({ hasText: firstTitle })).toHaveCount(1);
  await card.getByRole('switch', { name: 'Display Current Metric' }).uncheck();
  await expect(tooltips.filter({ hasText: firstTitle })).toHaveText(firstTitle);
  await card.getByRole('switch', { name: 'Display Names' }).uncheck();
  // Neither: names and values only on hover or focus.
  await expect(tooltips).toHaveCount(0);

  // Simple Icons: dots for the water-level signs.
  await expect(markers.first()).toHaveAttribute('data-icon', 'symbol');
  await card.getByRole('switch', { name: 'Simple Icons' }).check();
  await expect(markers.first()).toHaveAttribute('data-icon', 'simple');
  await expect(markers.first().locator('circle')).toHaveCount(1);

  // Display Grid: the axes and their values.
  await expect(view.getByText('Distance (m)')).toBeVisible();
  await card.getByRole('switch', { name: 'Display Grid' }).uncheck();
  await expect(view.getByText('Distance (m)')).toHaveCount(0);
  await card.getByRole('switch', { name: 'Display Grid' }).check();

  // Layers: limit levels, the levels themselves, the diagram's labels and the tracing image.
  await card.getByRole('button', { name: 'Layers' }).click();
  const layers = page.getByRole('dialog', { name: 'Layers' });
  await expect(view.getByRole('img', { name: 'Warning level', exact: true })).toBeAttached();
  await layers.getByRole('checkbox', { name: 'Limit levels' }).uncheck();
  await expect(view.getByRole('img', { name: 'Warning level', exact: true })).toHaveCount(0);
  await layers.getByRole('checkbox', { name: 'Levels', exact: true }).uncheck();
  await expect(markers).toHaveCount(0);
  await expect(view.getByText('Tailings beach')).toBeVisible();
  await layers.getByRole('checkbox', { name: 'Labels' }).uncheck();
  await expect(view.getByText('Tailings beach')).toHaveCount(0);
  await expect(view.getByRole('img', { name: 'Tracing image' })).toBeVisible();
  await layers.getByRole('checkbox', { name: 'Tracing image' }).uncheck();
  await expect(view.getByRole('img', { name: 'Tracing image' })).toHaveCount(0);
  await layers.getByRole('checkbox', { name: 'Levels', exact: true }).check();
  await expect(markers).toHaveCount(section.sensors.length);

  // The vertical scale (0 to 1000): 0 fits the view; 1000 is ten times exaggerated.
  const fitted = Number(await view.getAttribute('data-exaggeration'));
  const scale = layers.getByRole('slider', { name: 'Vertical scale' });
  await scale.focus();
  await page.keyboard.press('End');
  await expect(view).toHaveAttribute('data-exaggeration', '10');
  expect(fitted).not.toBe(10);
  await expect(page.getByText('Vertical exaggeration ×10').first()).toBeVisible();
});

test('the time slider replays the levels of the period day by day', async ({ page, request }) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const section = await sectionNamed(request, admin, 'Section B');
  const eids = section.sensors.map((s) => eidOf(s.title));
  // Three days ago at noon (UTC), then now: two different days with different levels.
  const past = new Date(Math.floor((Date.now() - 3 * DAY) / DAY) * DAY + DAY / 2);
  await sendLevels(request, admin.token, eids, (tip, i) => tip + 10 + i * 0.25, past.toISOString());
  await sendLevels(request, admin.token, eids, (tip, i) => tip + 14 + i * 0.25, new Date().toISOString());
  const tips = new Map<string, number>();
  for (const s of section.sensors)
    tips.set(s.device_id, (await instrumentByEid(request, admin.token, eidOf(s.title))).context.tip_elevation!);

  await openShell(page, 'admin', `/cross-sections/${section.id}`);
  const view = sideView(page, section.name);
  const levelOf = async (sensorId: string) =>
    (await drawnSensors(view)).find((d) => d.sensor === sensorId)?.level ?? null;
  const probe = section.sensors[1]!;
  const tip = tips.get(probe.device_id)!;
  await expect.poll(() => levelOf(probe.id), { timeout: 20_000 }).not.toBeNull();
  await expect(view).toHaveAttribute('data-day', 'now');

  const slider = page.getByRole('slider', { name: 'Day shown' });
  await expect(slider).toBeEnabled({ timeout: 20_000 });
  await expect(slider).toHaveAttribute('aria-valuetext', 'Now');
  const dayText = past.toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  // Back from now, a day at a time, to the day of the earlier readings.
  await slider.focus();
  for (let step = 0; step < 10 && (await slider.getAttribute('aria-valuetext')) !== dayText; step++)
    await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', dayText);
  await expect(view).toHaveAttribute('data-day', new Date(Math.floor(past.getTime() / DAY) * DAY).toISOString());
  // That day's mean: the one reading sent on it, 10.25 m above the tip.
  await expect.poll(() => levelOf(probe.id)).toBeCloseTo(tip + 10.25, 3);
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Now');
  await expect.poll(() => levelOf(probe.id)).not.toBeCloseTo(tip + 10.25, 3);
});

test('in the editor a curator adds a sensor, saves, and after a reload sees it on the section', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const demo = await sectionNamed(request, admin, 'Section A');
  const name = `E2E section ${Date.now().toString(36)}`;
  // A section of its own, as created with the defaults: distance 0, so not drawn yet.
  const created = await request.post(`/ui/api/v1/projects/${admin.projectId}/cross-sections/`, {
    headers: auth(admin.token),
    data: {
      name,
      x0_location: demo.x0_location,
      x_max_location: demo.x_max_location,
      altitude_min: 1115,
      altitude_max: 1190,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const section = (await created.json()) as Section;
  try {
    await openShell(page, 'admin', `/cross-sections/${section.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
    await expect(page.getByText('The distance must be a number greater than 0.').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Distance', exact: true }).fill('280');
    await expect(page.getByText('This section cannot be drawn yet:')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Sensors' }).click();
    await page.getByRole('combobox', { name: 'Instrument to add' }).fill('PZ-04');
    await page.getByRole('option', { name: /^PZ-04 · PZ-04 / }).click();
    await page.getByRole('button', { name: 'Add sensor' }).click();
    const table = page.getByRole('table', { name: 'Sensors of the section' });
    await expect(table.getByRole('row', { name: /PZ-04 Downstream shell/ })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.mouse.move(0, 0);
    await saveScreens(page, 'cross-section-editor');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} was saved.`)).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    // Only the fields changed were sent, and the history says so.
    const history = await request.get(`/ui/api/v1/projects/${admin.projectId}/cross-sections/${section.id}/history/`, {
      headers: auth(admin.token),
    });
    const changes = (await history.json()).objects as Array<{ action: string; fields: string[] }>;
    expect(changes.find((c) => c.action === 'updated')?.fields.sort()).toEqual(['distance', 'sensors']);

    await page.reload();
    await page.getByRole('tab', { name: 'Sensors' }).click();
    await expect(
      page.getByRole('table', { name: 'Sensors of the section' }).getByRole('row', { name: /PZ-04 Downstream shell/ }),
    ).toBeVisible();
    // Placed from its device's location onto the section line, in the preview.
    await expect(sideView(page, name).getByRole('button', { name: /^PZ-04 Downstream shell, upper: / })).toBeAttached();
    const stored = await request.get(`/ui/api/v1/projects/${admin.projectId}/cross-sections/${section.id}/`, {
      headers: auth(admin.token),
    });
    const body = (await stored.json()) as Section;
    expect(body.distance).toBe(280);
    expect(body.sensors.map((s) => [s.title, s.metric_field, Boolean(s.location)])).toEqual([
      ['PZ-04 Downstream shell, upper', 'piezometric_level', true],
    ]);
  } finally {
    await request.delete(`/ui/api/v1/projects/${admin.projectId}/cross-sections/${section.id}/`, {
      headers: auth(admin.token),
    });
  }
});

test("'Go to Cross Section Dashboard' opens the section's dashboard with both maps, the weather and its charts", async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const section = await sectionNamed(request, admin, 'Section A');
  // The list: every demo section of the project, and the map of where they run.
  await openShell(page, 'admin', '/cross-sections');
  const list = page.getByRole('list', { name: 'Cross sections of the project' });
  // Other tests of this file add sections of their own meanwhile.
  await expect(list.getByRole('link', { name: /^Section [ABC], crest chainage/ })).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Map of all cross sections' })).toBeVisible();
  await afterSnackbars(page);
  await saveScreens(page, 'cross-sections-list');
  await list.getByRole('link', { name: new RegExp(`^${section.name}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: section.name })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Cross Section Dashboard' }).click();
  await expect(page).toHaveURL(new RegExp(`/safety-state/cross-section/${section.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: section.name })).toBeVisible();
  await expect(page.getByRole('region', { name: `Side view: ${section.name}` })).toBeVisible();
  await expect(sideView(page, section.name)).toBeVisible();
  await expect(page.getByRole('region', { name: `Aerial view of ${section.name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: `Weather · ${section.name}`, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tracing image', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Piezometric level/ }).first()).toBeVisible();
  // A section without sensors says the spec's words.
  const empty = await request.post(`/ui/api/v1/projects/${admin.projectId}/cross-sections/`, {
    headers: auth(admin.token),
    data: { name: `Empty ${Date.now().toString(36)}`, distance: 50 },
  });
  const emptyId = ((await empty.json()) as Section).id;
  try {
    await afterSnackbars(page);
    await page.mouse.move(0, 0);
    await saveScreens(page, 'cross-section-dashboard');
    await page.goto(`/safety-state/cross-section/${emptyId}`);
    await expect(
      page.getByText('No devices found for this Cross Section. To add devices, go to the Cross Sections.'),
    ).toBeVisible();
  } finally {
    await request.delete(`/ui/api/v1/projects/${admin.projectId}/cross-sections/${emptyId}/`, {
      headers: auth(admin.token),
    });
  }
});

test("the state map's cross-sections layer draws each section's line, which opens the section's dashboard", async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const section = await sectionNamed(request, admin, 'Section B');
  await openShell(page, 'admin', '/safety-state/root');
  const card = page.getByRole('region', { name: 'Safety state map: All devices', exact: true });
  const line = card.getByRole('img', { name: section.name });
  await expect(card.getByRole('region', { name: 'Map: Safety state map: All devices' })).toBeVisible();
  await expect(line).toHaveCount(0);
  await card.getByRole('button', { name: 'Cross sections on the map' }).click();
  await expect(card.getByRole('button', { name: 'Cross sections on the map' })).toHaveAttribute('aria-pressed', 'true');
  await expect(line).toBeAttached();
  // Markers may lie over the line's middle: the click goes to the line itself.
  await line.dispatchEvent('click');
  await expect(page).toHaveURL(new RegExp(`/safety-state/cross-section/${section.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: section.name })).toBeVisible();
});

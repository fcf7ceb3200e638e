import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { auth } from './support/api.ts';
import { addDashboardPage, card, dashboardTree } from './support/dashboards.ts';
import { afterSnackbars, CERRO_AZUL } from './support/notifications.ts';
import { ingestPressures } from './support/piezometer-digits.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

/**
 * Issue 19: maps work with no tile server. Every request outside the Vigil server is refused, and
 * each test ends by checking that the page asked for none.
 */
function onlyVigil(page: Page): Promise<string[]> {
  const outside: string[] = [];
  return page
    .route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).hostname === '127.0.0.1') return route.continue();
      outside.push(url);
      return route.abort();
    })
    .then(() => outside);
}

// Maps load Leaflet's chunk and the site image: on a busy machine this takes a while.
test.describe.configure({ timeout: 120_000 });

const STATE_MAP = 'Safety state map: All devices';
const stateMap = (page: Page) => page.getByRole('region', { name: `Map: ${STATE_MAP}`, exact: true });

interface Located {
  id: string;
  title: string;
  safety_state: string | null;
  location: { type: 'Point'; coordinates: [number, number] } | null;
}

/** Every device of the project with its title, safety state and location, as the registry answers. */
async function projectDevices(request: APIRequestContext, token: string): Promise<Located[]> {
  const lists = await Promise.all(
    ['instruments', 'interface-nodes', 'virtual-devices'].map(async (path) => {
      const response = await request.get(
        `/device-registry/api/v1/${path}?paginate_by=1000&fields=id,title,safety_state,location`,
        { headers: auth(token) },
      );
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { objects: Located[] }).objects;
    }),
  );
  return lists.flat();
}

/** An instrument by its EID with what a breach needs. */
async function instrument(request: APIRequestContext, token: string, eid: string) {
  const response = await request.get(
    `/device-registry/api/v1/instruments?eid=${eid}&fields=id,title,location,context,metric_limits`,
    { headers: auth(token) },
  );
  expect(response.ok(), await response.text()).toBe(true);
  const [device] = (await response.json()).objects as Array<{
    id: string;
    title: string;
    location: { coordinates: [number, number] };
    context: Record<string, number>;
    metric_limits: Array<{ metric: string; level: string; value: number }>;
  }>;
  if (!device) throw new Error(`no instrument ${eid}`);
  return device;
}

/** A piezometer's pore pressure (kPa) for a piezometric level `metres` above or below its critical limit. */
function pressureAt(device: Awaited<ReturnType<typeof instrument>>, metres: number) {
  const critical = device.metric_limits.find((l) => l.level === 'critical')!.value;
  return Number(((critical + metres - device.context.tip_elevation!) * 9.8068).toFixed(2));
}

const STATE_COLOURS = ['red', 'orange', 'yellow', 'blue', 'green', 'grey', 'black'];
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A device's marker: Leaflet gives it role="button", named by the device's title and its state. */
const markerOf = (map: Locator, title: string) =>
  map.getByRole('button', { name: new RegExp(`^${escaped(title)}, (${STATE_COLOURS.join('|')})$`) });

/** The map's markers (title and the state their name tells) and clusters, by their accessible names. */
async function markersAndClusters(map: Locator, titles: ReadonlySet<string>) {
  const names = await map
    .getByRole('button')
    .evaluateAll((elements) => elements.map((e) => e.getAttribute('aria-label') ?? ''));
  const markers = names.flatMap((name) => {
    const [, title, colour] = /^(.*), (\w+)$/.exec(name) ?? [];
    return title && titles.has(title) && STATE_COLOURS.includes(colour!) ? [{ title, colour: colour! }] : [];
  });
  const clusters = names.filter((name) => /^\d+\b/.test(name));
  return { markers, clusters, clustered: clusters.reduce((sum, name) => sum + Number(/^\d+/.exec(name)![0]), 0) };
}

/** The colour a marker or cluster is painted in (the state it shows). */
const colourOf = (button: Locator) => button.locator('[data-colour]').getAttribute('data-colour');

/**
 * Zooms one level at a time until the button is disabled at the map's limit, each click waiting for
 * the level it asked for (a click during Leaflet's zoom animation would be lost); answers the last level.
 */
async function zoomUntilDisabled(map: Locator, name: 'Zoom in' | 'Zoom out') {
  const button = map.getByRole('button', { name, exact: true });
  const container = map.locator('.leaflet-container');
  const level = async () => Number(await container.getAttribute('data-zoom'));
  for (let clicks = 0; (await button.getAttribute('aria-disabled')) !== 'true'; clicks++) {
    expect(clicks).toBeLessThan(30);
    const before = await level();
    await button.click();
    await expect.poll(level).toBe(before + (name === 'Zoom in' ? 1 : -1));
  }
  return level();
}

/** The site plan: the demo's drawing, fetched with the session's token and shown from an object URL. */
const siteImage = (map: Locator) => map.locator('img[src^="blob:"]');

/** A resting pointer holds a snackbar open: move it away, then wait for the snackbars to go. */
async function awayFromSnackbars(page: Page) {
  await page.mouse.move(1270, 790);
  await afterSnackbars(page);
}

/** Finds a device with the map's search: the map flies to it and opens its cluster if it is in one. */
async function findOnMap(map: Locator, title: string) {
  const search = map.getByRole('combobox');
  await search.fill(title.slice(0, 6));
  await map.page().getByRole('option', { name: title, exact: true }).click();
  const marker = markerOf(map, title);
  await expect(marker).toBeVisible({ timeout: 20_000 });
  await expect(marker).toBeFocused();
  return marker;
}

test('the safety-state overview maps the demo devices over the site plan, in state colours and clusters, zoom 4 to 21', async ({
  page,
  request,
}) => {
  const outside = await onlyVigil(page);
  const admin = await adminIn(request, CERRO_AZUL);
  // A reading of one piezometer makes it green: not every device is unknown (grey).
  const green = await instrument(request, admin.token, 'PZ-09');
  await ingestPressures(request, admin.token, [{ eid: 'PZ-09', pressure: pressureAt(green, -4), temperature: 11 }]);
  const devices = await projectDevices(request, admin.token);
  const located = devices.filter((d) => d.location);
  expect(located.length).toBeGreaterThan(20);

  await openShell(page, 'admin');
  await expect(card(page, STATE_MAP)).toContainText(`${located.length} devices on the map`);
  const map = stateMap(page);
  await expect(map).toBeVisible();
  // The site plan (the demo's drawing, fetched with the session's token) under the markers.
  const image = siteImage(map);
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect(image).toHaveAttribute('alt', /.+/);

  // Every located device is on the map: a marker of its own or counted in a cluster; clusters show.
  const titles = new Set(located.map((d) => d.title));
  await expect
    .poll(async () => {
      const { markers, clustered } = await markersAndClusters(map, titles);
      return markers.length + clustered;
    })
    .toBe(located.length);
  const { markers, clusters } = await markersAndClusters(map, titles);
  expect(clusters.length).toBeGreaterThan(0);
  // Markers in their device's state colour (unknown is grey), which their names tell too; clusters
  // in one of the seven colours.
  const state = new Map(devices.map((d) => [d.title, d.safety_state ?? 'grey']));
  for (const { title, colour } of markers) {
    expect(colour).toBe(STATE_COLOURS.includes(state.get(title)!) ? state.get(title) : 'grey');
    expect(await colourOf(markerOf(map, title))).toBe(colour);
  }
  // Two clusters may carry the same name (as many devices, the same worst state): each is checked.
  for (const name of new Set(clusters))
    for (const cluster of await map.getByRole('button', { name, exact: true }).all())
      expect(STATE_COLOURS).toContain(await colourOf(cluster));
  await expect(findOnMap(map, green.title)).resolves.toBeDefined();
  await expect(map.getByRole('button', { name: `${green.title}, green`, exact: true })).toBeVisible();
  await expect(markerOf(map, green.title).locator('[data-colour]')).toHaveAttribute('data-colour', 'green');

  // Zoom controls, from 4 to the map's last zoom, 21 (requirements#monitoring-constants).
  await expect(map.getByRole('button', { name: 'Zoom in', exact: true })).toBeVisible();
  await zoomUntilDisabled(map, 'Zoom out');
  await expect(map.getByRole('button', { name: 'Zoom in', exact: true })).toHaveAttribute('aria-disabled', 'false');
  expect(await zoomUntilDisabled(map, 'Zoom in')).toBe(21);
  expect(await zoomUntilDisabled(map, 'Zoom out')).toBe(4);
  expect(outside).toEqual([]);
});

test('a breach ingested through the API turns its marker red without a reload; a marker opens the detail panel', async ({
  page,
  request,
}) => {
  const outside = await onlyVigil(page);
  const admin = await adminIn(request, CERRO_AZUL);
  const piezometer = await instrument(request, admin.token, 'PZ-17');
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  await ingestPressures(request, admin.token, [
    { eid: 'PZ-17', pressure: pressureAt(piezometer, -3), temperature: 11.1, read_at: minutesAgo(30) },
  ]);
  await openShell(page, 'admin');
  const map = stateMap(page);
  const marker = await findOnMap(map, piezometer.title);
  await expect(marker.locator('[data-colour]')).toHaveAttribute('data-colour', 'green');

  await ingestPressures(request, admin.token, [
    { eid: 'PZ-17', pressure: pressureAt(piezometer, 0.8), temperature: 11.2 },
  ]);
  await expect(marker.locator('[data-colour]')).toHaveAttribute('data-colour', 'red');
  await expect(marker).toHaveAccessibleName(`${piezometer.title}, red`);
  await awayFromSnackbars(page);
  await saveScreens(page, 'maps-cluster-opened');

  // A click on the marker, or Enter on it, opens the device detail panel.
  await marker.click();
  const panel = page.getByRole('region', { name: `Details of ${piezometer.title}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Device Id: PZ-17')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  expect(outside).toEqual([]);
});

test('the state map at desktop and phone widths, a cluster opened by a click', async ({ page, request }) => {
  const outside = await onlyVigil(page);
  const admin = await adminIn(request, CERRO_AZUL);
  const titles = new Set((await projectDevices(request, admin.token)).map((d) => d.title));
  await openShell(page, 'admin');
  const map = stateMap(page);
  await expect(siteImage(map)).toBeVisible({ timeout: 30_000 });
  await awayFromSnackbars(page);
  await saveScreens(page, 'maps-state-map');
  await saveScreens(page, 'maps-state-map-card', card(page, STATE_MAP));
  const before = await markersAndClusters(map, titles);
  const cluster = before.clusters.sort((a, b) => Number(/^\d+/.exec(b)![0]) - Number(/^\d+/.exec(a)![0]))[0]!;
  await map.getByRole('button', { name: cluster, exact: true }).click();
  // The cluster opens: more of its devices show as markers of their own.
  await expect
    .poll(async () => (await markersAndClusters(map, titles)).markers.length)
    .toBeGreaterThan(before.markers.length);
  await saveScreens(page, 'maps-cluster-zoomed-card', card(page, STATE_MAP));

  // The operational-state overview has its own map, coloured by the operational state.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Operational state' }).click();
  const operational = page.getByRole('region', { name: 'Map: Operational state map: All devices', exact: true });
  await expect(operational).toBeVisible();
  await expect
    .poll(async () => {
      const { markers, clustered } = await markersAndClusters(operational, titles);
      return markers.length + clustered;
    })
    .toBe(before.markers.length + before.clustered);
  expect(outside).toEqual([]);
});

test('the entity dashboard shows the device on its location map, at its longitude and latitude on the site plan', async ({
  page,
  request,
}) => {
  const outside = await onlyVigil(page);
  const admin = await adminIn(request, CERRO_AZUL);
  const device = await instrument(request, admin.token, 'PZ-20');
  const [longitude, latitude] = device.location.coordinates;
  // The demo site is far from 0,0: a swapped pair of coordinates would put the marker in another ocean.
  expect(longitude).toBeLessThan(-70);
  expect(latitude).toBeLessThan(-27);
  const siteMap = await request.get(`/ui/api/v1/projects/${admin.projectId}/site-map`, { headers: auth(admin.token) });
  expect(siteMap.ok(), await siteMap.text()).toBe(true);
  const bounds = ((await siteMap.json()) as { image: { bounds: Record<'west' | 'south' | 'east' | 'north', number> } })
    .image.bounds;

  await openShell(page, 'admin', `/safety-state/device/instrument/${device.id}`);
  await expect(page.getByRole('heading', { level: 1, name: device.title })).toBeVisible();
  const location = card(page, 'Location');
  const map = location.getByRole('region', { name: `Location map of ${device.title}` });
  await expect(map).toBeVisible();
  await expect(location).toContainText('Latitude');
  const markers = markerOf(map, device.title);
  await expect(markers).toHaveCount(1);
  const image = siteImage(map);
  await expect(image).toBeVisible({ timeout: 30_000 });

  // The marker's centre is where the device's [longitude, latitude] falls on the site plan, whose
  // corners are the image's bounds (Web Mercator between them, as Leaflet projects it).
  const mercator = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const expectPlaced = async () => {
    const box = (await image.boundingBox())!;
    const icon = (await markers.boundingBox())!;
    const x = box.x + (box.width * (longitude - bounds.west)) / (bounds.east - bounds.west);
    const y =
      box.y +
      (box.height * (mercator(bounds.north) - mercator(latitude))) / (mercator(bounds.north) - mercator(bounds.south));
    expect(Math.abs(icon.x + icon.width / 2 - x)).toBeLessThan(2);
    expect(Math.abs(icon.y + icon.height / 2 - y)).toBeLessThan(2);
  };
  await expect(async () => expectPlaced()).toPass({ timeout: 15_000 });
  await awayFromSnackbars(page);
  await saveScreens(page, 'maps-entity-location');
  await expect(async () => expectPlaced()).toPass({ timeout: 15_000 });
  expect(outside).toEqual([]);
});

test('a manager adds a state map of one group with Display Names, the cross-sections layer and its zoom', async ({
  page,
  request,
}) => {
  const outside = await onlyVigil(page);
  const admin = await adminIn(request, CERRO_AZUL);
  const segment = `map-${Date.now().toString(36)}`;
  const path = await addDashboardPage(request, admin, { segment, title: 'Piezometer map', cards: [] });
  await openShell(page, 'manager', path);
  await page.getByRole('button', { name: 'Edit page' }).click();
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  await dialog.getByLabel('Card type').click();
  await page.getByRole('option', { name: 'State map' }).click();
  await dialog.getByLabel('Devices').click();
  await page.getByRole('option', { name: 'Piezometers' }).click();
  await expect(dialog.getByRole('spinbutton', { name: 'Zoom' })).toHaveValue('12');
  await dialog.getByRole('spinbutton', { name: 'Zoom' }).fill('21');
  await dialog.getByRole('switch', { name: 'Display Names' }).check();
  await dialog.getByRole('switch', { name: 'Cross sections on the map' }).check();
  await dialog.getByRole('button', { name: 'Add' }).click();
  // Cards zoom from 4 to 20 (requirements#monitoring-constants): 21 is refused.
  await expect(dialog.getByRole('spinbutton', { name: 'Zoom' })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('spinbutton', { name: 'Zoom' }).fill('20');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit page' })).toBeVisible();

  const { tree } = await dashboardTree(request, admin.token, admin.projectId);
  const [saved] = tree.pages.find((p) => p.path === `root/${segment}`)!.cards;
  expect(saved).toMatchObject({
    type: 'state-map',
    display_names: true,
    cross_sections_layer: true,
    zoom: 20,
    title: '',
  });
  const mapCard = card(page, 'Safety state map: Piezometers');
  // The cross-sections layer is on from the first, as the card says.
  await expect(mapCard.getByRole('button', { name: 'Cross sections on the map' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(mapCard).toContainText('24 devices on the map');
  // Display Names: the names of the markers out of clusters stay open beside them.
  const map = page.getByRole('region', { name: 'Map: Safety state map: Piezometers', exact: true });
  await expect(map.getByRole('switch', { name: 'Display Names' })).toBeChecked();
  await map
    .getByRole('button', { name: /^\d+ devices/ })
    .first()
    .click();
  await expect(map.getByRole('tooltip').first()).toBeVisible();
  await map.getByRole('switch', { name: 'Display Names' }).uncheck();
  await expect(map.getByRole('tooltip')).toHaveCount(0);
  expect(outside).toEqual([]);
});

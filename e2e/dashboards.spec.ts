import { expect, test } from '@playwright/test';
import { auth } from './support/api.ts';
import { addDashboardPage, card, dashboardTree, stateBlock } from './support/dashboards.ts';
import { afterSnackbars, CERRO_AZUL, ingest, instrumentByEid } from './support/notifications.ts';
import { ingestPressures } from './support/piezometer-digits.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

const OVERVIEW = 'Cerro Azul TSF overview';
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

test('an administrator lands on the safety-state overview: demo cards with real device titles and state colours', async ({
  page,
}) => {
  await openShell(page, 'admin');
  await expect(page).toHaveURL(/\/safety-state\/root$/);
  await expect(page.getByRole('heading', { level: 1, name: OVERVIEW })).toBeVisible();
  await expect(card(page, 'PZ-19 Crest axis')).toBeVisible();
  await expect(card(page, 'In-place inclinometers')).toBeVisible();
  await expect(card(page, 'Key piezometric levels')).toBeVisible();
  await expect(card(page, 'All devices')).toBeVisible();
  // No readings of it in this run (no other test sends any): its state is unknown, shown grey.
  await expect(stateBlock(page, 'IPI-02 Section B crest')).toHaveAttribute('data-state', 'grey');
  await expect(stateBlock(page, 'IPI-02 Section B crest')).toContainText('Unknown');
  // A page per area of the site.
  const pages = page.getByRole('navigation', { name: 'Pages under this one' });
  await expect(pages.getByRole('link', { name: 'Decant pond' })).toBeVisible();
  await pages.getByRole('link', { name: 'Decant pond' }).click();
  await expect(page).toHaveURL(/\/safety-state\/root\/decant-pond$/);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: OVERVIEW }),
  ).toBeVisible();
  await expect(card(page, 'State summary: Decant pond')).toBeVisible();
  await afterSnackbars(page);
  await saveScreens(page, 'dashboards-group-page');
});

test("a limit breach ingested through the API turns that device's card red without a reload", async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const piezometer = await instrumentByEid(request, admin.token, 'PZ-11');
  const critical = piezometer.metric_limits.find((l) => l.level === 'critical')!.value;
  const normal = Number(((critical - 3 - piezometer.context.tip_elevation!) * 9.8068).toFixed(2));
  const breach = Number(((critical + 0.8 - piezometer.context.tip_elevation!) * 9.8068).toFixed(2));
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  await ingestPressures(request, admin.token, [
    { eid: 'PZ-11', pressure: normal, temperature: 11.1, read_at: minutesAgo(30) },
  ]);
  await openShell(page, 'admin');
  const block = stateBlock(page, 'PZ-11 Crest axis');
  await expect(block).toHaveAttribute('data-state', 'green');

  await ingestPressures(request, admin.token, [{ eid: 'PZ-11', pressure: breach, temperature: 11.2 }]);
  await expect(block).toHaveAttribute('data-state', 'red');
  await expect(block).toContainText('Red');
  await expect(
    card(page, 'State summary: All devices').getByRole('button', { name: /^\d+ Red: show the list$/ }),
  ).toBeVisible();
  await afterSnackbars(page);
  await saveScreens(page, 'dashboards-safety-root');
});

test('a device opens its detail panel, and Show Entity Dashboard shows its details and a chart per metric', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  await ingestPressures(
    request,
    admin.token,
    [6, 4, 2].map((h, i) => ({ eid: 'PZ-19', pressure: 180 + i, temperature: 12 + i / 10, read_at: hoursAgo(h) })),
  );
  await openShell(page, 'admin');
  await stateBlock(page, 'PZ-19 Crest axis').click();
  const panel = page.getByRole('region', { name: 'Details of PZ-19 Crest axis' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Device Id: PZ-19')).toBeVisible();
  await expect(panel.getByRole('table', { name: 'States' })).toContainText('Safety');
  await panel.getByRole('button', { name: 'Show Entity Dashboard' }).click();

  await expect(page).toHaveURL(/\/safety-state\/device\/instrument\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PZ-19 Crest axis' })).toBeVisible();
  const details = card(page, 'Details');
  await expect(details.getByRole('row', { name: /Device Id PZ-19/ })).toBeVisible();
  await expect(details.getByRole('row', { name: /Scheme VW piezometer/ })).toBeVisible();
  await expect(card(page, 'Location')).toContainText('Latitude');
  // A gauge and a chart for each raw, calculated and context metric of the scheme: the wire's digits
  // and temperature, the pore pressure and piezometric level calculated from them, the tip elevation.
  for (const metric of ['Reading', 'Temperature', 'Pore water pressure', 'Piezometric level', 'Tip elevation']) {
    await expect(card(page, `PZ-19 Crest axis · ${metric}`)).toHaveCount(2);
  }
  await expect(page.getByRole('img', { name: /^Chart: / })).toHaveCount(5);
  await expect(card(page, 'PZ-19 Crest axis · Pore water pressure').last().locator('canvas').first()).toBeVisible();
  await afterSnackbars(page);
  await saveScreens(page, 'dashboards-entity');
});

test("an instrument's entity dashboard shows its attachments: the site photo as a picture, the report as a link", async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const device = await instrumentByEid(request, admin.token, 'PZ-01');
  await openShell(page, 'admin');
  await page.goto(`/safety-state/device/instrument/${device.id}`);
  const attachments = card(page, 'Details').getByRole('group', { name: 'Attachments' });
  const photo = attachments.getByRole('img', { name: /crest/i });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const report = attachments.getByRole('link', { name: 'The latest routine inspection' });
  const response = await request.get((await report.getAttribute('href'))!);
  expect(response.headers()['content-type']).toBe('application/pdf');
});

test('a manager adds a card to a new page, moves it, and after a reload it is still there', async ({
  page,
  request,
}) => {
  await openShell(page, 'manager');
  const title = unique('Layout');
  await page.getByRole('button', { name: 'Page actions' }).click();
  await page.getByRole('menuitem', { name: 'Add a page under this one' }).click();
  await page.getByRole('dialog').getByLabel('Page title').fill(title);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('This page has no cards yet: edit the page to add some.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit page' }).click();
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  await dialog.getByRole('combobox', { name: 'Device' }).fill('PZ-19');
  await page.getByRole('option', { name: 'PZ-19 Crest axis' }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  const handle = page.getByRole('button', { name: 'Move Device state', exact: true });
  await expect(handle).toBeVisible();

  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 10 });
  await page.mouse.move(box.x + 520, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dashboard saved').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit page' })).toBeVisible();

  await page.reload();
  await expect(stateBlock(page, 'PZ-19 Crest axis')).toBeVisible();
  const admin = await adminIn(request, CERRO_AZUL);
  const { tree } = await dashboardTree(request, admin.token, admin.projectId);
  const saved = tree.pages.find((p) => p.title === title)!;
  expect(saved.cards).toEqual([
    expect.objectContaining({
      type: 'device-state',
      layout: expect.objectContaining({ x: expect.any(Number), y: 0, w: 4, h: 1 }),
    }),
  ]);
  expect((saved.cards[0] as { layout: { x: number } }).layout.x).toBeGreaterThanOrEqual(4);
});

test("an operator sees no edit controls, and the API refuses the operator's write", async ({ page, request }) => {
  const session = await openShell(page, 'operator');
  await expect(page.getByRole('heading', { level: 1, name: OVERVIEW })).toBeVisible();
  await expect(card(page, 'PZ-19 Crest axis')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit page' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Page actions' })).toHaveCount(0);

  const { url, tree, version } = await dashboardTree(request, session.token, session.projectId);
  const refused = await request.put(url, {
    headers: auth(session.token),
    data: { action: 'persist', timestamp: version, data: { ...tree, pages: tree.pages.slice(0, 1) } },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error_type).toBe('Forbidden');
});

test("a chart card's CSV export holds the values the metrics API returns", async ({ page, request }) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const staff = await request.get('/device-registry/api/v1/instruments?eid=WL-02&fields=id', {
    headers: auth(admin.token),
  });
  const wl02 = (await staff.json()).objects[0].id as string;
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const pressures = [100.25, 100.5, 100.125];
  await ingest(
    request,
    admin.token,
    pressures.map((pressure, i) => ({
      eid: 'WL-02',
      raw_metrics: { pressure, temperature: 14.5 },
      read_at: hoursAgo(30 - i * 10),
    })),
  );
  const path = await addDashboardPage(request, admin, {
    segment: unique('export'),
    title: 'Export check',
    cards: [
      {
        id: 'pond',
        type: 'chart',
        title: 'Pond level check',
        layout: { x: 0, y: 0, w: 16, h: 2 },
        series: [{ entity_id: wl02, entity_type: 'instrument', metric: 'raw_metrics.pressure' }],
      },
    ],
  });
  await openShell(page, 'admin', path);
  const chart = card(page, 'Pond level check');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await chart.getByRole('button', { name: 'Export Pond level check' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pond level check' });
  await dialog.getByRole('radio', { name: /CSV/ }).check();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    let text = '';
    for await (const chunk of stream) text += chunk;
    return text;
  });

  const api = await request.post('/metrics-provider/api/v1/metrics/timeseries/', {
    headers: auth(admin.token),
    data: {
      from_time: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      to_time: new Date().toISOString(),
      metric: 'raw_metrics.pressure',
      aggregation: { function: 'avg', group_by: 'monitored_entity' },
      filters: { monitored_entity_ids: [wl02] },
    },
  });
  const values = (await api.json()).data[0].values as Record<string, number>;
  const rows = csv.trim().split('\r\n');
  expect(rows[0]).toBe('Time,WL-02 Decant pond south staff · Water pressure (kPa)');
  const exported = Object.fromEntries(
    rows
      .slice(1)
      .map((row) => row.split(','))
      .map(([time, value]) => [time, Number(value)]),
  );
  expect(Object.keys(values).length).toBeGreaterThanOrEqual(pressures.length);
  expect(rows.length - 1).toBe(Object.keys(values).length);
  for (const [time, value] of Object.entries(values)) expect(exported[new Date(time).toISOString()]).toBe(value);
  expect(Object.values(exported)).toEqual(expect.arrayContaining(pressures));
});

test('two editors of one page: the second save is refused with a reload, never overwriting the first', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const segment = unique('shared');
  const path = await addDashboardPage(request, admin, { segment, title: 'Shared page', cards: [] });
  await openShell(page, 'manager', path);
  await page.getByRole('button', { name: 'Edit page' }).click();
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  await dialog.getByLabel('Card type').click();
  await page.getByRole('option', { name: 'State summary' }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();

  // Meanwhile the administrator renames the same page.
  const { url, tree, version } = await dashboardTree(request, admin.token, admin.projectId);
  const mine = tree.pages.find((p) => p.path === `root/${segment}`)!;
  mine.title = 'Renamed by the administrator';
  const renamed = await request.put(url, {
    headers: auth(admin.token),
    data: { action: 'persist', timestamp: version, data: tree },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else saved these dashboards' })).toBeVisible();
  const after = await dashboardTree(request, admin.token, admin.projectId);
  expect(after.tree.pages.find((p) => p.path === `root/${segment}`)).toMatchObject({
    title: 'Renamed by the administrator',
    cards: [],
  });
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Renamed by the administrator' })).toBeVisible();
});

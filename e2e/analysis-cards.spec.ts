import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { auth } from './support/api.ts';
import { addDashboardPage, card } from './support/dashboards.ts';
import { afterSnackbars, CERRO_AZUL, instrumentByEid } from './support/notifications.ts';
import { ingestPressures } from './support/piezometer-digits.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
// The demo's piezometers send digits: the pore pressure is calculated through each one's calibration.
const METRIC = 'calculated_metrics.pressure';
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const DAY = 86_400_000;

/**
 * Three piezometers no other test sends readings for, each with a reading 6 days ago, 12 hours ago
 * and 20 minutes ago, the offsets (kPa) chosen so that the 7-day and the 1-day changes differ in size
 * and in order: 7 days PZ-06 −2.0, PZ-05 +1.2, PZ-07 +0.2; 1 day PZ-07 −1.3, PZ-06 +0.5, PZ-05 +0.4.
 */
const READINGS: Record<string, [number, number, number]> = {
  'PZ-05': [0, 0.8, 1.2],
  'PZ-06': [0, -2.5, -2],
  'PZ-07': [0, 1.5, 0.2],
};

/** A pore pressure (kPa, to 0.1) `metresBelow` the device's critical level: no limit breached. */
async function normalPressure(request: APIRequestContext, token: string, eid: string, metresBelow = 4) {
  const device = await instrumentByEid(request, token, eid);
  const critical = device.metric_limits.find((l) => l.level === 'critical')!.value;
  return {
    id: device.id,
    pressure: Math.round((critical - metresBelow - device.context.tip_elevation!) * 98.068) / 10,
  };
}

async function sendReadings(request: APIRequestContext, token: string) {
  const ids: Record<string, string> = {};
  for (const [eid, offsets] of Object.entries(READINGS)) {
    // Well below the warning limit, rounded to 0.1 kPa so that every change is exact at any decimals.
    const { id, pressure: base } = await normalPressure(request, token, eid);
    ids[eid] = id;
    await ingestPressures(
      request,
      token,
      [6 * DAY, DAY / 2, 20 * 60_000].map((before, i) => ({
        eid,
        pressure: Number((base + offsets[i]!).toFixed(1)),
        temperature: 11,
        read_at: ago(before),
      })),
    );
  }
  return ids;
}

async function groupId(request: APIRequestContext, token: string, title: string) {
  const response = await request.get('/device-registry/api/v1/basic-groups?paginate_by=100', { headers: auth(token) });
  expect(response.ok(), await response.text()).toBe(true);
  const group = ((await response.json()).objects as Array<{ id: string; title: string }>).find(
    (g) => g.title === title,
  );
  if (!group) throw new Error(`no group ${title}`);
  return group.id;
}

async function membersOf(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/device-registry/api/v1/basic-groups/${id}`, { headers: auth(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).device_profiles as string[];
}

/** The change of each device through the API, as the card asks for it. */
async function apiChanges(
  request: APIRequestContext,
  token: string,
  ids: Record<string, string>,
  days: number,
  resultType: 'delta' | 'percentage',
) {
  const response = await request.post('/metrics-provider/api/v1/metrics/rate-of-change/', {
    headers: auth(token),
    data: {
      metric: METRIC,
      interval_days: days,
      result_type: resultType,
      filters: { monitored_entity_ids: Object.values(ids) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const data = (await response.json()).data as Array<{ monitored_entity: string; value: number }>;
  return Object.fromEntries(
    Object.entries(ids).map(([eid, id]) => [eid, data.find((d) => d.monitored_entity === id)!.value]),
  );
}

/** The change a row shows, as a number ("−2.00 kPa" → -2). */
async function shownChange(row: Locator) {
  const text = (await row.getByRole('cell').last().innerText()).trim();
  return Number(text.replace('−', '-').replace(/[^\d.+-]/g, ''));
}

/** Each device's row shows its change as the API computes it, to the decimals shown (`digits`). */
async function expectChanges(table: Locator, expected: Record<string, number>, digits = 2) {
  for (const [eid, value] of Object.entries(expected)) {
    const row = table.getByRole('row', { name: new RegExp(`^${eid} `) });
    await expect.poll(() => shownChange(row)).toBeCloseTo(value, digits);
  }
}

test('the rate-of-change card shows the API’s changes for its window and result type, and View on Map shows its devices on the map and lists their coordinates', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const ids = await sendReadings(request, admin.token);
  const piezometers = await groupId(request, admin.token, 'Piezometers');
  const path = await addDashboardPage(request, admin, {
    segment: unique('analysis'),
    title: 'Analysis cards',
    cards: [
      {
        id: 'surface',
        type: 'heatmap',
        title: 'Pressure surface',
        layout: { x: 0, y: 0, w: 8, h: 3 },
        group_id: piezometers,
        metric: METRIC,
        method: 'idw',
      },
      {
        id: 'bubbles',
        type: 'heatmap',
        title: 'Pressure bubbles',
        layout: { x: 8, y: 0, w: 8, h: 3 },
        group_id: piezometers,
        metric: METRIC,
        method: 'nearest',
        display: 'bubbles',
      },
      {
        id: 'change',
        type: 'rate-of-change',
        title: 'Pressure change',
        layout: { x: 0, y: 3, w: 16, h: 3 },
        group_id: piezometers,
        metric: METRIC,
      },
    ],
  });
  await openShell(page, 'admin', path);

  // Rate of change: 7 days unless chosen, values as the API computes them, biggest change first.
  const change = card(page, 'Pressure change');
  const table = change.getByRole('table', { name: 'Pressure change' });
  await expect(change.getByRole('combobox', { name: 'Window' })).toHaveText('7 days');
  const week = await apiChanges(request, admin.token, ids, 7, 'delta');
  expect(week['PZ-06']).toBeCloseTo(-2, 6);
  await expectChanges(table, week);
  const order = async () =>
    (await table.getByRole('row').allInnerTexts()).map((r) => r.slice(0, 5)).filter((eid) => eid in READINGS);
  await expect.poll(order).toEqual(['PZ-06', 'PZ-05', 'PZ-07']);
  await expect(table.getByRole('row', { name: /^PZ-06 / })).toContainText('−2.');
  await expect(table.getByRole('row', { name: /^PZ-06 / })).toContainText('kPa');

  // The window changes the values (Done when of issue 18).
  await change.getByRole('combobox', { name: 'Window' }).click();
  await page.getByRole('option', { name: '1 day' }).click();
  const day = await apiChanges(request, admin.token, ids, 1, 'delta');
  expect(day['PZ-07']).toBeCloseTo(-1.3, 6);
  expect(day['PZ-06']).not.toBeCloseTo(week['PZ-06']!, 2);
  await expectChanges(table, day);
  await expect.poll(order).toEqual(['PZ-07', 'PZ-06', 'PZ-05']);
  await expect(change.getByText(/change over the last day/)).toBeVisible();

  // In percent of the first value.
  await change.getByRole('combobox', { name: 'Change as' }).click();
  await page.getByRole('option', { name: 'Change in %' }).click();
  await expect(table.getByRole('columnheader', { name: 'Change in %' })).toBeVisible();
  // Percentages are shown to one decimal.
  await expectChanges(table, await apiChanges(request, admin.token, ids, 1, 'percentage'), 1);
  await expect(table.getByRole('row', { name: /^PZ-07 / })).toContainText('%');
  await afterSnackbars(page);
  await saveScreens(page, 'analysis-cards');

  // View on Map: the card's devices on the map, named with their change, and listed with their coordinates.
  await change.getByRole('button', { name: 'View on Map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Locations: Pressure change' });
  const map = dialog.getByRole('region', { name: 'Map: Locations: Pressure change' });
  await expect(map.getByRole('button', { name: /^PZ-0[5-7] .*: [−+-]?\d.*%, \w+$/ })).toHaveCount(3);
  const list = dialog.getByRole('list', { name: 'Locations: Pressure change' });
  await expect(list.getByRole('button', { name: /^PZ-0[5-7] /, disabled: false })).toHaveCount(3);
  await expect(list.getByRole('button', { name: /^PZ-06 / })).toContainText(
    /Longitude [−-]?\d+\.\d+, latitude [−-]?\d+\.\d+/,
  );
  await saveScreens(page, 'analysis-cards-map-list');
  await map.getByRole('button', { name: /^PZ-06 .*: / }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: /^Details of PZ-06 / })).toBeVisible();
});

test('the heatmap names its metric, draws a surface of the devices with a value, and a legend of five classes', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const piezometers = await groupId(request, admin.token, 'Piezometers');
  const intended = [
    await normalPressure(request, admin.token, 'PZ-13', 5),
    await normalPressure(request, admin.token, 'PZ-21', 3.5),
  ];
  // What the devices' digits compute to: the intended pressures, to a double's last bit or two.
  const [low, high] = await ingestPressures(request, admin.token, [
    { eid: 'PZ-13', pressure: intended[0]!.pressure, temperature: 11, read_at: ago(10 * 60_000) },
    { eid: 'PZ-21', pressure: intended[1]!.pressure, temperature: 11, read_at: ago(10 * 60_000) },
  ]);
  expect(low).toBeCloseTo(intended[0]!.pressure, 9);
  expect(high).toBeCloseTo(intended[1]!.pressure, 9);
  const path = await addDashboardPage(request, admin, {
    segment: unique('heatmap'),
    title: 'Heatmap check',
    cards: [
      {
        id: 'surface',
        type: 'heatmap',
        title: 'Pore pressure surface',
        layout: { x: 0, y: 0, w: 16, h: 3 },
        group_id: piezometers,
        metric: METRIC,
        method: 'idw',
      },
    ],
  });
  // What the API answered the card itself: other tests send readings of the demo's piezometers meanwhile.
  const answered = page.waitForResponse(
    (r) => r.url().includes('/metrics-provider/api/v1/metrics/heatmap') && r.request().method() === 'POST',
  );
  await openShell(page, 'admin', path);
  const heatmap = card(page, 'Pore pressure surface');
  const image = heatmap.getByRole('img', { name: /^Heatmap of Pore water pressure: \d+ devices with a value$/ });
  await expect(image).toBeVisible();
  const legend = heatmap.getByRole('list', { name: 'Legend: Pore water pressure (kPa)' });
  await expect(legend.getByRole('listitem')).toHaveCount(5);
  // Classes of equal width from the lowest value to the highest: the first starts at the lowest device value.
  const response = await answered;
  expect(response.ok(), await response.text()).toBe(true);
  const values = ((await response.json()).points as Array<{ value: number | null }>).flatMap((p) =>
    p.value === null ? [] : [p.value],
  );
  expect(values).toEqual(expect.arrayContaining([low, high]));
  const lowest = Number((await legend.getByRole('listitem').first().innerText()).split('–')[0]!.replace(/,/g, ''));
  expect(lowest).toBeCloseTo(Math.min(...values), 1);
  await expect(heatmap).toContainText('No value');
  // The subtitle says when the values are from: the clock time today, the full date otherwise.
  await expect(
    heatmap.getByText(/^Pore water pressure · newest within 1 hour before (\d\d \w+ \d{4}, )?\d\d:\d\d:\d\d$/),
  ).toBeVisible();
  // The surface is drawn: the canvas is not blank.
  const painted = await image.evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d')!;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
    return count / (canvas.width * canvas.height);
  });
  expect(painted).toBeGreaterThan(0.2);
  await afterSnackbars(page);
  await saveScreens(page, 'analysis-heatmap');
});

/** The top of a bubble of the top class (#d7191c): its first pixel in that colour, row by row. */
function topClassBubble(image: Locator) {
  return image.evaluate((canvas: HTMLCanvasElement) => {
    const { data, width } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const ratio = canvas.width / canvas.clientWidth;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === 0xd7 && data[i + 1] === 0x19 && data[i + 2] === 0x1c)
        return { x: ((i / 4) % width) / ratio, y: Math.floor(i / 4 / width) / ratio };
    }
    return null;
  });
}

test('a bubble of the heatmap shows its device and value on hover, and a click opens the device', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const piezometers = await groupId(request, admin.token, 'Piezometers');
  const readings = [
    { eid: 'PZ-22', ...(await normalPressure(request, admin.token, 'PZ-22', 3)) },
    { eid: 'PZ-23', ...(await normalPressure(request, admin.token, 'PZ-23', 5)) },
  ];
  await ingestPressures(
    request,
    admin.token,
    readings.map((r) => ({ eid: r.eid, pressure: r.pressure, temperature: 11, read_at: ago(5 * 60_000) })),
  );
  const path = await addDashboardPage(request, admin, {
    segment: unique('bubbles'),
    title: 'Bubble check',
    cards: [
      {
        id: 'bubbles',
        type: 'heatmap',
        title: 'Pore pressure bubbles',
        layout: { x: 0, y: 0, w: 16, h: 3 },
        group_id: piezometers,
        metric: METRIC,
        method: 'nearest',
        display: 'bubbles',
        bubble_size: 12,
      },
    ],
  });
  await openShell(page, 'admin', path);
  const image = card(page, 'Pore pressure bubbles').getByRole('img', { name: /^Heatmap of Pore water pressure/ });
  await expect(image).toBeVisible();
  await expect.poll(() => topClassBubble(image)).not.toBeNull();
  const top = (await topClassBubble(image))!;
  // 12 px below a disc's top is its centre (bubble_size 12).
  const centre = { x: top.x, y: top.y + 11 };

  // What the API says of the group's devices: their values and titles.
  const members = await membersOf(request, admin.token, piezometers);
  const response = await request.post('/metrics-provider/api/v1/metrics/heatmap/', {
    headers: auth(admin.token),
    data: { metric: METRIC, interpolation: { method: 'nearest' }, filters: { monitored_entity_ids: members } },
  });
  const points = (await response.json()).points as Array<{ monitored_entity: string; value: number | null }>;
  const listed = await request.get(
    `/device-registry/api/v1/instruments?monitored_entity_ids=${members.join(',')}&fields=id,title&paginate_by=100`,
    { headers: auth(admin.token) },
  );
  const titles = new Map(
    ((await listed.json()).objects as Array<{ id: string; title: string }>).map((d) => [d.title, d.id]),
  );
  const valueOf = (title: string) => points.find((p) => p.monitored_entity === titles.get(title))?.value;
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  const [min, max] = [Math.min(...values), Math.max(...values)];

  await image.hover({ position: centre });
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  const [title, shown] = (await tooltip.innerText()).split(/\n+/) as [string, string];
  expect(shown).toMatch(/ kPa$/);
  const value = Number(shown.replace(/[^\d.-]/g, ''));
  // The device under the pointer, its value as the API gives it, in the top fifth of the range.
  expect(value).toBeCloseTo(valueOf(title)!, 1);
  expect(value).toBeGreaterThanOrEqual(min + ((max - min) * 4) / 5 - 0.05);
  await image.click({ position: centre });
  await expect(page.getByRole('region', { name: `Details of ${title}` })).toBeVisible();
});

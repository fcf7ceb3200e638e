import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatValue, type TimeseriesBody, type TimeseriesResult } from '@vigil/domain';
import { auth } from './support/api.ts';
import { afterSnackbars, CERRO_AZUL, instrumentByEid } from './support/notifications.ts';
import { ingestPressures } from './support/piezometer-digits.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

// Piezometers no other browser test sends readings to: the explorer shows only what this test ingests.
const EIDS = ['PZ-14', 'PZ-15'] as const;
const DAY = 86_400_000;

/** A UTC instant `days` days before today at `hour` o'clock: the provider's day windows are UTC days. */
const utcDaysAgo = (days: number, hour: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, hour));
};
/** A local date as the date fields take it. */
const localDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** An instrument's id and title, and the decimals its scheme gives pore water pressure (calculated from the wire's digits). */
async function device(request: APIRequestContext, token: string, eid: string) {
  const response = await request.get(`/device-registry/api/v1/instruments?eid=${eid}&fields=id,title,scheme`, {
    headers: auth(token),
  });
  expect(response.ok(), await response.text()).toBe(true);
  const [found] = (await response.json()).objects as Array<{
    id: string;
    title: string;
    scheme: { spec: { metrics: { calculated_metrics: Array<{ key: string; decimals?: number }> } } };
  }>;
  const pressure = found!.scheme.spec.metrics.calculated_metrics.find((m) => m.key === 'pressure')!;
  return { id: found!.id, title: found!.title, decimals: pressure.decimals };
}

/** Chooses `option` in the select field labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('the explorer aggregates the chosen piezometers per day exactly as metrics/timeseries does, and checks a custom range', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await adminIn(request, CERRO_AZUL);
  const first = await device(request, admin.token, EIDS[0]);
  const second = await device(request, admin.token, EIDS[1]);
  const tip = (await instrumentByEid(request, admin.token, EIDS[0])).context.tip_elevation!;
  // Pressures well below the limits (a few metres of water above the tip), two readings a day.
  const readings = [
    { eid: EIDS[0], day: 3, values: [101.26, 104.51] },
    { eid: EIDS[0], day: 2, values: [108.77, 103.02] },
    { eid: EIDS[0], day: 1, values: [99.94, 100.08] },
    { eid: EIDS[1], day: 2, values: [87.35, 88.91] },
  ];
  await ingestPressures(
    request,
    admin.token,
    readings.flatMap((r) =>
      r.values.map((pressure, i) => ({
        eid: r.eid,
        pressure,
        temperature: 11.5,
        read_at: utcDaysAgo(r.day, 9 + i * 6).toISOString(),
      })),
    ),
  );
  expect(tip).toBeGreaterThan(0);

  const bodies: TimeseriesBody[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/metrics-provider/api/v1/metrics/timeseries'))
      bodies.push(r.postDataJSON() as TimeseriesBody);
  });
  await openShell(page, 'admin', '/metrics');
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose devices to explore' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  await saveScreens(page, 'metrics-explorer-empty');

  const devices = page.getByRole('combobox', { name: 'Devices' });
  for (const eid of EIDS) {
    await devices.fill(eid);
    await page.getByRole('option', { name: new RegExp(`^${eid} `) }).click();
  }
  await page.keyboard.press('Escape');
  await choose(page, 'Metric', 'Pore water pressure (kPa)');
  await choose(page, 'Function', 'Maximum');
  await choose(page, 'Window', 'Day');
  // The day window offers today, yesterday, this week (its default) and last week; a range of the last five days holds every reading.
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('This week');
  await choose(page, 'Period', 'Custom range');
  await page.getByLabel('Start date').fill(localDate(new Date(Date.now() - 5 * DAY)));
  await page.getByLabel('End date').fill(localDate(new Date()));

  const table = page.getByRole('table', { name: 'Table: Pore water pressure · Maximum · Daily' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const body = bodies.at(-1)!;
  expect(body).toMatchObject({
    metric: 'calculated_metrics.pressure',
    aggregation: { function: 'max', interval: 'day', group_by: 'monitored_entity' },
    filters: { monitored_entity_ids: [first.id, second.id] },
  });
  const answer = await request.post('/metrics-provider/api/v1/metrics/timeseries/', {
    headers: auth(admin.token),
    data: body,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const result = (await answer.json()) as TimeseriesResult;
  const series = [first, second].map((d) => result.data.find((s) => s.monitored_entity === d.id)?.values ?? {});
  const starts = [...new Set(series.flatMap((values) => Object.keys(values)))].sort().reverse();
  // The table shows the API's numbers with the decimals of the scheme, an en dash for a day without readings.
  const cell = (value: number | undefined) => formatValue(value, { decimals: first.decimals }, 'en-US') ?? '–';
  const expected = starts.map((start) => [
    new Date(start).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
    ...series.map((values) => cell(values[start])),
  ]);
  // The maxima computed by hand from what was ingested, newest day first: the API does what the spec says.
  expect(expected).toEqual(
    [1, 2, 3].map((day) => [
      utcDaysAgo(day, 0).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
      cell(Math.max(...readings.find((r) => r.eid === EIDS[0] && r.day === day)!.values)),
      day === 2 ? cell(88.91) : '–',
    ]),
  );
  await expect(table.getByRole('row').first().getByRole('columnheader')).toHaveText([
    'Window',
    `${first.title} (kPa)`,
    `${second.title} (kPa)`,
  ]);
  const rows = table.getByRole('row');
  for (const [i, row] of expected.entries()) {
    await expect(rows.nth(i + 1).getByRole('cell')).toHaveText(row.slice(1));
    await expect(rows.nth(i + 1).getByRole('rowheader')).toHaveText(row[0]!);
  }
  await expect(page.getByRole('img', { name: 'Chart: Pore water pressure · Maximum · Daily' })).toBeVisible();

  // The address holds the view: a reload shows the same table.
  expect(new URL(page.url()).searchParams.get('fn')).toBe('max');
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(rows.nth(1).getByRole('cell')).toHaveText(expected[0]!.slice(1));
  await afterSnackbars(page);
  await saveScreens(page, 'metrics-explorer');

  // The export dialog offers the table.
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a custom range refuses a future date and a start after its end, in words under the date fields', async ({
  page,
}) => {
  test.slow();
  const admin = await adminIn(page.request, CERRO_AZUL);
  const pz = await device(page.request, admin.token, EIDS[0]);
  const today = new Date();
  await openShell(
    page,
    'admin',
    `/metrics?devices=${pz.id}&from=${localDate(new Date(Date.now() - 7 * DAY))}&to=${localDate(today)}`,
  );
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('Custom range');
  await expect(page.getByRole('button', { name: pz.title })).toBeVisible();
  const table = page.getByRole('table', { name: /^Table: / });

  // Custom date range: no future dates, start not after end (requirements#monitoring-validation).
  await page.getByLabel('End date').fill(localDate(new Date(Date.now() + DAY)));
  await expect(page.getByText("The date can't be in the future")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Correct the period' })).toBeVisible();
  await expect(table).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  const end = localDate(new Date(Date.now() - 3 * DAY));
  await page.getByLabel('End date').fill(end);
  // The view is its URL: the end is in it before the start changes.
  await expect(page).toHaveURL(new RegExp(`to=${end}`));
  await page.getByLabel('Start date').fill(localDate(new Date(Date.now() - 2 * DAY)));
  await expect(page.getByText("The start can't be after the end")).toBeVisible();
  await expect(page.getByText("The date can't be in the future")).toBeHidden();
  await saveScreens(page, 'metrics-explorer-range-error');

  // Back undoes the last choice: the start date that came after the end.
  await page.goBack();
  await expect(page.getByText("The start can't be after the end")).toBeHidden();
});

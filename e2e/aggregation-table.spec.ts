import { expect, test } from '@playwright/test';
import { INTERPOLATION_METHOD_REQUIRED, presetRange, type TimeseriesResult } from '@vigil/domain';
import { auth } from './support/api.ts';
import { addDashboardPage, card } from './support/dashboards.ts';
import { afterSnackbars, CERRO_AZUL, ingest, instrumentByEid } from './support/notifications.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

const DAY = 86_400_000;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

test('an aggregation table shows, per day and staff gauge, the maxima the metrics API returns', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const groups = await request.get('/device-registry/api/v1/basic-groups?paginate_by=100', {
    headers: auth(admin.token),
  });
  const pond = ((await groups.json()) as { objects: { id: string; title: string }[] }).objects.find(
    (g) => g.title === 'Decant pond',
  )!;
  // Last week (Monday to Sunday): readings no other test sends, two a day, each staff its own levels.
  const lastWeek = presetRange('lastWeek', new Date());
  const staffs = await Promise.all(['WL-01', 'WL-02'].map((eid) => instrumentByEid(request, admin.token, eid)));
  const payloads = staffs.flatMap((staff, s) => {
    const crest = staff.context.crest_elevation!;
    const sensor = staff.context.sensor_elevation!;
    return [0, 1, 2, 3, 4].flatMap((day) =>
      [9, 15].map((hour, r) => ({
        eid: s === 0 ? 'WL-01' : 'WL-02',
        // A freeboard of 6 to 7 m: well inside the pond's limits, so nothing is notified.
        raw_metrics: { pressure: Number(((crest - 6.9 + day / 10 + r / 20 - sensor) * 9.8068).toFixed(3)) },
        read_at: new Date(lastWeek.from.getTime() + day * DAY + hour * 3_600_000).toISOString(),
      })),
    );
  });
  await ingest(request, admin.token, payloads);

  const title = 'Pond level maxima by day';
  const path = await addDashboardPage(request, admin, {
    segment: unique('aggregates'),
    title: 'Aggregates',
    cards: [
      {
        id: 'agg',
        type: 'aggregation-table',
        title,
        group_id: pond.id,
        metric: 'calculated_metrics.water_level',
        function: 'max',
        interval: 'day',
        period: 'lastWeek',
        layout: { x: 0, y: 0, w: 16, h: 4 },
      },
    ],
  });
  await openShell(page, 'admin', path);
  const table = card(page, title).getByRole('table', { name: title });
  await expect(table.getByRole('row')).toHaveCount(6);

  const answer = await request.post('/metrics-provider/api/v1/metrics/timeseries/', {
    headers: auth(admin.token),
    data: {
      time_field: 'read_at',
      from_time: lastWeek.from.toISOString(),
      to_time: lastWeek.to.toISOString(),
      metric: 'calculated_metrics.water_level',
      aggregation: { function: 'max', interval: 'day', group_by: 'monitored_entity' },
      filters: { monitored_entity_ids: staffs.map((s) => s.id) },
    },
  });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as TimeseriesResult;
  const headings = await table.getByRole('columnheader').allInnerTexts();
  expect(headings).toEqual(['Window', 'WL-01 Decant pond north staff (m)', 'WL-02 Decant pond south staff (m)']);
  for (const [column, staff] of staffs.entries()) {
    const values = Object.entries(data.find((d) => d.monitored_entity === staff.id)!.values);
    expect(values).toHaveLength(5);
    for (const [day, value] of values) {
      const label = new Date(day).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
      const cells = table.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');
      // The scheme shows levels to the centimetre.
      await expect(cells.nth(column)).toHaveText(
        value.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 }),
      );
    }
  }
  await afterSnackbars(page);
  await saveScreens(page, 'aggregation-table');
});

test('a heatmap card cannot be added without an interpolation method', async ({ page }) => {
  await openShell(page, 'admin', '/safety-state/root');
  await page.getByRole('button', { name: 'Edit page' }).click();
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  await dialog.getByLabel('Card type').click();
  await page.getByRole('option', { name: 'Heatmap' }).click();
  await dialog.getByLabel('Metric').click();
  await page.getByRole('option', { name: 'Piezometric level (m)', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText(INTERPOLATION_METHOD_REQUIRED)).toBeVisible();
  await saveScreens(page, 'heatmap-method-required');

  await dialog.getByLabel('Interpolation method').click();
  await page.getByRole('option', { name: 'Inverse distance weighting' }).click();
  await expect(dialog.getByText(INTERPOLATION_METHOD_REQUIRED)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Move Heatmap', exact: true })).toBeVisible();
});

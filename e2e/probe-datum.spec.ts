import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { auth } from './support/api.ts';
import { card } from './support/dashboards.ts';
import { afterSnackbars, CERRO_AZUL } from './support/notifications.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

// Issue 34, ADR 0041: a probe (traversing) inclinometer's casing is surveyed now and then; each survey
// is the probe's deviation at each depth. Its datum is the survey its displacement is measured from.
const DEPTHS = 6;
const DAY_MS = 86_400_000;
const REGISTRY = '/device-registry/api/v1';

/** A probe inclinometer of its own, with its depths (data points, top first), through the API. */
async function createProbe(request: APIRequestContext, token: string) {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();
  const post = async (path: string, data: object) => {
    const response = await request.post(`${REGISTRY}/${path}`, { headers: auth(token), data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const scheme = await post('schemes', {
    name: `Probe inclinometer ${run}`,
    type: 'displacement',
    spec: {
      metrics: {
        raw_metrics: [
          { key: 'a_deviation', label: 'A-axis deviation', unit: 'mm' },
          { key: 'b_deviation', label: 'B-axis deviation', unit: 'mm' },
        ],
        calculated_metrics: [],
        context_metrics: [{ key: 'reading_interval', label: 'Reading interval', unit: 'm' }],
      },
      metric_limits: [],
    },
  });
  const eid = `INC-P-${run}`;
  const title = `${eid} Left abutment casing`;
  const id = await post('instruments', {
    eid,
    title,
    scheme,
    context: { reading_interval: 0.5 },
    contracted_sla_time: 3_000_000,
  });
  const depths: string[] = [];
  for (let i = 1; i <= DEPTHS; i++)
    depths.push(await post('data-points', { monitored_entity_id: id, title: `${(i * 0.5).toFixed(1)} m` }));
  return { id, eid, title, depths };
}

/** The "Now" column of the profile's table, depth by depth from the top. */
async function nowColumn(table: Locator) {
  const values: string[] = [];
  for (const row of (await table.getByRole('row').all()).slice(1))
    values.push((await row.getByRole('cell').or(row.getByRole('rowheader')).allInnerTexts())[1]!);
  return values;
}

test('an engineer takes a probe inclinometer’s first survey as its datum and sees the casing’s movement since then', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, CERRO_AZUL);
  const probe = await createProbe(request, admin.token);
  // Three surveys, weeks apart: each interval deviates 1 mm along A; the top interval tilts 0.5 mm more at each.
  const surveys = [60, 30, 1].map((days) => new Date(Date.now() - days * DAY_MS));
  for (const [k, at] of surveys.entries()) {
    const response = await request.post('/ingest/api/v1/payloads', {
      headers: auth(admin.token),
      data: probe.depths.map((id, i) => ({
        eid: probe.eid,
        data_point_id: id,
        read_at: at.toISOString(),
        raw_metrics: { a_deviation: i === 0 ? 1 + 0.5 * k : 1, b_deviation: 0 },
      })),
    });
    expect(response.ok(), await response.text()).toBe(true);
  }

  await openShell(page, 'manager', `/safety-state/device/instrument/${probe.id}`);
  const profile = card(page, `${probe.title} · Inclinometer profile`);
  await expect(profile).toBeVisible();
  const table = profile.getByRole('table', { name: `Profile values: ${probe.title} · Inclinometer profile` });
  // Without a datum, the deviations summed from the bottom: the casing's shape, 6 mm at the top.
  await expect(profile).toContainText('A axis · Cumulative · Casing shape (no datum survey)');
  await profile.getByRole('button', { name: 'Show the values' }).click();
  await expect.poll(() => nowColumn(table)).toEqual(['7', '5', '4', '3', '2', '1']);
  // 7 and 30 days ago both find the survey of two months ago: drawn once, under the nearer date
  await expect(table.getByRole('columnheader')).toHaveText(['Depth (m)', 'Now', /^30 days ago/]);

  // The datum: the survey of two months ago, chosen from the list of surveys.
  await profile.getByRole('button', { name: 'Set datum…' }).click();
  const dialog = page.getByRole('dialog', { name: `Set the datum of ${probe.title}` });
  await expect(dialog).toContainText('the profile shows the shape of the casing, not its movement');
  await expect(dialog.getByLabel('Day')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Survey' }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(3);
  await expect(options.first()).toHaveText(/· 6 depths$/);
  await options.last().click();
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Initial survey after installation');
  await afterSnackbars(page);
  await saveScreens(page, 'probe-datum-dialog', dialog);
  await dialog.getByRole('button', { name: 'Set datum' }).click();
  await expect(dialog).toBeHidden();

  // Against it, only the top has moved: 1 mm (0.5 mm at each survey since).
  await expect(profile).toContainText('A axis · Cumulative · Movement since');
  await expect.poll(() => nowColumn(table)).toEqual(['1', '0', '0', '0', '0', '0']);
  await profile.getByRole('button', { name: 'Show the plot' }).click();
  await saveScreens(page, 'probe-datum-profile', profile);

  const datums = await request.get(`${REGISTRY}/instruments/${probe.id}/datums`, { headers: auth(admin.token) });
  const objects = (await datums.json()).objects as Array<{ datum_at: string; set_by: string; notes: string }>;
  expect(objects.map((d) => [d.datum_at, d.set_by, d.notes])).toEqual([
    [surveys[0]!.toISOString(), 'manager', 'Initial survey after installation'],
  ]);
});

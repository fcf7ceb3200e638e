import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { auth } from './support/api.ts';
import { card } from './support/dashboards.ts';
import { afterSnackbars, CERRO_AZUL, instrumentByEid } from './support/notifications.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

// Issue 34: an inclinometer gets a datum, the reading set its displacement is measured from, with
// its date; changing the datum changes the displacement plots, not the stored readings. No other
// test sends readings of this chain or sets its datum.
const CHAIN = 'IPI-04';
const TITLE = 'IPI-04 Section C crest';
const NODES = 12;
const DAY_MS = 86_400_000;
const REGISTRY = '/device-registry/api/v1';

/** The chain's nodes (its data points), top first. */
async function nodesOf(request: APIRequestContext, token: string, entityId: string) {
  const response = await request.get(
    `${REGISTRY}/data-points/?monitored_entity_ids=${entityId}&fields=id,title&paginate_by=100`,
    { headers: auth(token) },
  );
  expect(response.ok(), await response.text()).toBe(true);
  const points = (await response.json()).objects as Array<{ id: string; title: string }>;
  const collator = new Intl.Collator(undefined, { numeric: true });
  return points.sort((a, b) => collator.compare(a.title, b.title));
}

/** One reading set: every node read at `readAt`, axis A `factor` × (NODES − i) mm at node i, B 2 mm. */
async function ingestSet(
  request: APIRequestContext,
  token: string,
  nodes: Array<{ id: string }>,
  readAt: Date,
  factor: number,
) {
  const response = await request.post('/ingest/api/v1/payloads', {
    headers: auth(token),
    data: nodes.map((node, i) => ({
      eid: CHAIN,
      data_point_id: node.id,
      read_at: readAt.toISOString(),
      raw_metrics: { a_axis: factor * (NODES - i), b_axis: 2 },
    })),
  });
  expect(response.ok(), await response.text()).toBe(true);
  expect((await response.json()).accepted).toBe(nodes.length);
}

/** Every stored reading of the chain, as the metrics API lists them. */
async function storedReadings(request: APIRequestContext, token: string, entityId: string) {
  const response = await request.get(
    `/metrics-provider/api/v1/metrics/?monitored_entity_ids=${entityId}&ordering=read_at&paginate_by=1000`,
    { headers: auth(token) },
  );
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).objects as unknown[];
}

/** The "Now" column of the profile's table, node by node from the top. */
async function nowColumn(table: Locator) {
  const values: string[] = [];
  for (const row of (await table.getByRole('row').all()).slice(1))
    values.push((await row.getByRole('cell').or(row.getByRole('rowheader')).allInnerTexts())[1]!);
  return values;
}

/** A time as the card writes a device's datum, in the page's own language. */
const shownAs = (page: Page, at: Date) =>
  page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(document.documentElement.lang || 'en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(iso)),
    at.toISOString(),
  );

const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('an engineer sets an inclinometer’s datum to a later reading set and sees its profile change, its readings unchanged', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await adminIn(request, CERRO_AZUL);
  const chain = await instrumentByEid(request, admin.token, CHAIN);
  const nodes = await nodesOf(request, admin.token, chain.id);
  expect(nodes).toHaveLength(NODES);

  // The chain's reading sets: 20 days ago, 10 days ago and an hour ago, the top moving most.
  const now = Date.now();
  const initial = new Date(now - 20 * DAY_MS);
  const later = new Date(now - 10 * DAY_MS);
  await ingestSet(request, admin.token, nodes, initial, 1);
  await ingestSet(request, admin.token, nodes, later, 1.5);
  await ingestSet(request, admin.token, nodes, new Date(now - 3_600_000), 2);
  const first = await request.post(`${REGISTRY}/instruments/${chain.id}/datums`, {
    headers: auth(admin.token),
    data: { datum_at: initial.toISOString(), notes: 'Initial reading set after installation' },
  });
  expect(first.status(), await first.text()).toBe(201);
  const readings = await storedReadings(request, admin.token, chain.id);
  expect(readings).toHaveLength(3 * NODES);

  await openShell(page, 'manager', `/safety-state/device/instrument/${chain.id}`);
  const profile = card(page, `${TITLE} · Inclinometer profile`);
  await expect(profile).toBeVisible();
  const table = profile.getByRole('table', { name: `Profile values: ${TITLE} · Inclinometer profile` });

  // Against the initial datum: now 2 × (12 − i) less 1 × (12 − i) mm.
  await expect(profile.getByText(`Datum: ${await shownAs(page, initial)}`, { exact: true })).toBeVisible();
  await expect(profile).toContainText('A axis · Cumulative · Movement since');
  await expect(table.getByRole('row')).toHaveCount(NODES + 1);
  await expect.poll(() => nowColumn(table)).toEqual(nodes.map((_, i) => String(NODES - i)));
  await afterSnackbars(page);
  await saveScreens(page, 'inclinometer-datum-initial', profile);

  // The datum moves to the reading set of 10 days ago.
  await profile.getByRole('button', { name: 'Set datum…' }).click();
  const dialog = page.getByRole('dialog', { name: `Set the datum of ${TITLE}` });
  await expect(dialog).toContainText('In effect:');
  await dialog.getByLabel('Day').fill(localDay(later));
  await dialog.getByRole('combobox', { name: 'Reading set' }).click();
  await page.getByRole('option', { name: new RegExp(`· ${NODES} readings$`) }).click();
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Casing extended by 2 m');
  await expect(dialog.getByRole('heading', { name: 'Earlier datums' })).toHaveCount(0);
  await saveScreens(page, 'inclinometer-datum-dialog', dialog);
  await dialog.getByRole('button', { name: 'Set datum' }).click();
  await expect(dialog).toBeHidden();

  // The plot changes at once: now 2 × (12 − i) less 1.5 × (12 − i) mm, and the label names the new datum.
  await expect(profile.getByText(`Datum: ${await shownAs(page, later)}`, { exact: true })).toBeVisible();
  await expect.poll(() => nowColumn(table)).toEqual(nodes.map((_, i) => String(0.5 * (NODES - i))));
  await saveScreens(page, 'inclinometer-datum-later', profile);

  // The earlier datum is kept, the new one is in effect, and the stored readings are as they were.
  const datums = await request.get(`${REGISTRY}/instruments/${chain.id}/datums`, { headers: auth(admin.token) });
  const objects = (await datums.json()).objects as Array<{ datum_at: string; set_by: string; notes: string }>;
  expect(objects.map((d) => [d.datum_at, d.set_by, d.notes])).toEqual([
    [later.toISOString(), 'manager', 'Casing extended by 2 m'],
    [initial.toISOString(), 'admin', 'Initial reading set after installation'],
  ]);
  expect(await storedReadings(request, admin.token, chain.id)).toEqual(readings);

  // The dialog now lists the earlier datum.
  await profile.getByRole('button', { name: 'Set datum…' }).click();
  await expect(dialog.getByRole('heading', { name: 'Earlier datums' })).toBeVisible();
  await expect(dialog).toContainText('set by admin — Initial reading set after installation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An operator reads the datum but cannot set it.
  await openShell(page, 'operator', `/safety-state/device/instrument/${chain.id}`);
  await expect(profile.getByText(`Datum: ${await shownAs(page, later)}`, { exact: true })).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Set datum…' })).toHaveCount(0);
});

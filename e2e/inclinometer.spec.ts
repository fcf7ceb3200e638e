import { expect, test, type APIRequestContext, type Locator, type TestInfo } from '@playwright/test';
import { auth } from './support/api.ts';
import { card } from './support/dashboards.ts';
import { afterSnackbars, CERRO_AZUL, instrumentByEid } from './support/notifications.ts';
import { DESKTOP, PHONE, saveScreens } from './support/screens.ts';
import { adminIn, openShell } from './support/shell.ts';

// No other test sends readings of this chain (the dashboards test counts on IPI-02 having none).
const CHAIN = 'IPI-03';
const TITLE = 'IPI-03 Section B downstream berm';
const NODES = 10;
const SPACING = 2;
const DAY_MS = 86_400_000;

/** The chain's nodes (its data points), top first. */
async function nodesOf(request: APIRequestContext, token: string, entityId: string) {
  const response = await request.get(
    `/device-registry/api/v1/data-points/?monitored_entity_ids=${entityId}&fields=id,title&paginate_by=100`,
    { headers: auth(token) },
  );
  expect(response.ok(), await response.text()).toBe(true);
  const points = (await response.json()).objects as Array<{ id: string; title: string }>;
  const collator = new Intl.Collator(undefined, { numeric: true });
  return points.sort((a, b) => collator.compare(a.title, b.title));
}

/** Sends one reading of every node at `readAt`: axis A and B as `a(i)` and `b(i)` of node i (0 = top). */
async function ingestChain(
  request: APIRequestContext,
  token: string,
  nodes: Array<{ id: string }>,
  readAt: Date,
  a: (i: number) => number,
  b: (i: number) => number,
) {
  const response = await request.post('/ingest/api/v1/payloads', {
    headers: auth(token),
    data: nodes.map((node, i) => ({
      eid: CHAIN,
      data_point_id: node.id,
      read_at: readAt.toISOString(),
      raw_metrics: { a_axis: a(i), b_axis: b(i) },
    })),
  });
  expect(response.ok(), await response.text()).toBe(true);
  expect((await response.json()).accepted).toBe(nodes.length);
}

/** The table's rows below its heading, each as its cells' texts (depth first). */
async function tableRows(table: Locator) {
  const rows = table.getByRole('row');
  const texts: string[][] = [];
  for (const row of (await rows.all()).slice(1))
    texts.push(await row.getByRole('cell').or(row.getByRole('rowheader')).allInnerTexts());
  return texts;
}

/** The card alone at desktop and phone width, for people to look at closely. */
async function cardScreens(profile: Locator, testInfo: TestInfo, name: string) {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await profile.page().setViewportSize(size);
    await profile.scrollIntoViewIfNeeded();
    await profile.screenshot({ path: testInfo.outputPath(`${name}-${label}.png`) });
  }
  await profile.page().setViewportSize(DESKTOP);
}

const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('the profile of an in-place inclinometer shows a point per node at its depth, and moves when the datum changes', async ({
  page,
  request,
}, testInfo) => {
  // readings of three dates, and screenshots of the page and of the card at two widths
  test.slow();
  const admin = await adminIn(request, CERRO_AZUL);
  const chain = await instrumentByEid(request, admin.token, CHAIN);
  const nodes = await nodesOf(request, admin.token, chain.id);
  expect(nodes).toHaveLength(NODES);
  expect(nodes[0]!.title).toBe(`${CHAIN} node 1`);

  // Cumulative displacement as the chain reports it, the top moving most: 20 days ago 10, 9, … 1 mm
  // along A; 10 days ago 15, 13.5, …; an hour ago 20, 18, … 2 mm.
  const now = Date.now();
  const datumAt = new Date(now - 20 * DAY_MS);
  await ingestChain(
    request,
    admin.token,
    nodes,
    datumAt,
    (i) => NODES - i,
    () => 2,
  );
  await ingestChain(
    request,
    admin.token,
    nodes,
    new Date(now - 10 * DAY_MS),
    (i) => 1.5 * (NODES - i),
    () => 2.5,
  );
  await ingestChain(
    request,
    admin.token,
    nodes,
    new Date(now - 3_600_000),
    (i) => 2 * (NODES - i),
    () => 3,
  );

  await openShell(page, 'admin', `/safety-state/device/instrument/${chain.id}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const profile = card(page, `${TITLE} · Inclinometer profile`);
  await expect(profile).toBeVisible();
  await expect(profile.getByRole('img', { name: `Profile: ${TITLE} · Inclinometer profile` })).toBeVisible();
  await expect(profile).toContainText('A axis · Cumulative · Since installation');
  // the chain has no stored datum (issue 34): the plot says so
  await expect(profile.getByText('Datum: none (displacement since installation)')).toBeVisible();

  // Now and 7 days ago (the reading of 10 days ago); 30 days ago there was none.
  const table = profile.getByRole('table', { name: `Profile values: ${TITLE} · Inclinometer profile` });
  const headings = table.getByRole('columnheader');
  await expect(headings).toHaveText(['Depth (m)', 'Now', /^7 days ago \(/]);
  await expect(table.getByRole('row')).toHaveCount(NODES + 1);
  const depths = Array.from({ length: NODES }, (_, i) => String(i * SPACING));
  const absolute = await tableRows(table);
  expect(absolute.map((r) => r[0])).toEqual(depths);
  expect(absolute.map((r) => r[1])).toEqual(depths.map((_, i) => String(2 * (NODES - i))));
  expect(absolute.map((r) => r[2])).toEqual(depths.map((_, i) => String(1.5 * (NODES - i))));
  await afterSnackbars(page);
  await saveScreens(page, 'inclinometer-profile');
  await cardScreens(profile, testInfo, 'profile');

  // With the datum on the day of the first readings, each node shows its movement since then.
  await profile.getByLabel('Datum').fill(localDay(datumAt));
  await expect(profile).toContainText('Movement since');
  // a day chosen on the card is not stored: the plot says it is this view's only
  await expect(profile.getByText(/^Datum: .+ \(this view only\)$/)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(String(NODES));
  const since = await tableRows(table);
  expect(since.map((r) => r[0])).toEqual(depths);
  expect(since.map((r) => r[1])).toEqual(depths.map((_, i) => String(NODES - i)));
  expect(since.map((r) => r[2])).toEqual(depths.map((_, i) => String(0.5 * (NODES - i))));

  // Axis B since the datum: 3 - 2 = 1 mm at every node now.
  await profile.getByRole('combobox', { name: 'Axis' }).click();
  await page.getByRole('option', { name: 'B axis' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('1');
  expect((await tableRows(table)).map((r) => r[1])).toEqual(depths.map(() => '1'));

  // The values as a visible table.
  await profile.getByRole('button', { name: 'Show the values' }).click();
  await expect(table).toBeVisible();
  await saveScreens(page, 'inclinometer-profile-datum-table');
  await cardScreens(profile, testInfo, 'profile-table');
  await profile.getByRole('button', { name: 'Show the plot' }).click();
  await cardScreens(profile, testInfo, 'profile-datum');
});

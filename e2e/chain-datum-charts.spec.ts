import { expect, test } from '@playwright/test';
import { auth } from './support/api.ts';
import { card } from './support/dashboards.ts';
import { CERRO_AZUL, instrumentByEid } from './support/notifications.ts';
import { adminIn, openShell } from './support/shell.ts';

// Issue 34, ADR 0041: a chain's displacement over time is read against its datum, as its profile is.
// No other test sends readings of this chain or sets its datum; the safety dashboard charts its top node.
const CHAIN = 'IPI-01';
const CARD = 'Crest displacement, top nodes';
const DAY_MS = 86_400_000;

/** A CSV line's fields: a heading holding a date may be quoted, with its comma. */
const fields = (line: string) =>
  line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((f) => f.replace(/^"(.*)"$/, '$1').replace(/""/g, '"'));

test('a chain node’s resultant over time is its movement since the datum, not since installation', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await adminIn(request, CERRO_AZUL);
  const chain = await instrumentByEid(request, admin.token, CHAIN);
  const points = await request.get(
    `/device-registry/api/v1/data-points/?monitored_entity_ids=${chain.id}&fields=id&paginate_by=100`,
    { headers: auth(admin.token) },
  );
  const nodes = ((await points.json()) as { objects: Array<{ id: string }> }).objects;
  expect(nodes.length).toBeGreaterThan(0);
  // Every node: A 10 mm and B 3 mm at the datum ten days ago; A 16 mm and B 11 mm an hour ago.
  const datumAt = new Date(Date.now() - 10 * DAY_MS);
  for (const [readAt, a, b] of [
    [datumAt, 10, 3],
    [new Date(Date.now() - 3_600_000), 16, 11],
  ] as const) {
    const sent = await request.post('/ingest/api/v1/payloads', {
      headers: auth(admin.token),
      data: nodes.map((n) => ({
        eid: CHAIN,
        data_point_id: n.id,
        read_at: readAt.toISOString(),
        raw_metrics: { a_axis: a, b_axis: b },
      })),
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  await openShell(page, 'manager', '/safety-state');
  const chart = card(page, CARD);
  await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 60_000 });
  // Before a datum is set: the resultant as reported, √(16² + 11²).
  const exported = async () => {
    await chart.getByRole('button', { name: `Export ${CARD}` }).click();
    const dialog = page.getByRole('dialog', { name: CARD });
    await dialog.getByRole('radio', { name: /CSV/ }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const stream = await (await download).createReadStream();
    let text = '';
    for await (const chunk of stream) text += chunk;
    const [heading, ...rows] = text.trim().split('\r\n').map(fields);
    const column = heading!.findIndex((h) => h.startsWith(CHAIN));
    expect(column, heading!.join(' | ')).toBeGreaterThan(0);
    return {
      heading: heading![column]!,
      values: rows
        .map((r) => r[column])
        .filter(Boolean)
        .map(Number),
    };
  };
  const asReported = await exported();
  expect(asReported.heading).not.toContain('since the datum');
  expect(asReported.values).toHaveLength(1);
  expect(asReported.values[0]).toBeCloseTo(Math.hypot(16, 11), 6);

  // The datum is set to the reading set of ten days ago: the same chart now shows √(6² + 8²) = 10 mm.
  const set = await request.post(`/device-registry/api/v1/instruments/${chain.id}/datums`, {
    headers: auth(admin.token),
    data: { datum_at: datumAt.toISOString(), notes: 'Initial reading set' },
  });
  expect(set.status(), await set.text()).toBe(201);
  await page.reload();
  // the safety dashboard's many cards load together: on a loaded machine this one may wait its turn
  await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 60_000 });
  const day = await page.evaluate(
    (iso) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso)),
    datumAt.toISOString(),
  );
  await expect(chart).toContainText(`since the datum (${day})`);
  const sinceDatum = await exported();
  expect(sinceDatum.heading).toContain(`since the datum (${day})`);
  expect(sinceDatum.values).toHaveLength(1);
  expect(sinceDatum.values[0]).toBeCloseTo(10, 6);
});

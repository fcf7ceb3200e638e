import { expect, test, type Locator, type Page } from '@playwright/test';
import { createPiezometer } from './support/devices.ts';
import { applyFilters, drawerItem, ingest, openDrawer, OUSE } from './support/notifications.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { apiLogin, auth } from './support/api.ts';
import { adminIn, createProjectUser, openShell } from './support/shell.ts';

/**
 * Charts never hide a peak (ADR 0036): six hours of one-minute readings near 104 m with a single
 * reading at 116 m, beyond the 115 m critical limit. Every bucket of the alert chart holds about four
 * readings, and every bucket of a 90-day chart about 65: their averages stay under the limit, while the
 * envelope draws the reading above the limit line, where it was.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
const LEVEL = 'calculated_metrics.piezometric_level';
const PEAK = 116;
const CRITICAL = 115;

type Geometry = { yPeak: number; yLimit: number; x: number; top: number; bottom: number; drawn: number };

/** Where the chart puts the peak and the critical line (canvas pixels), and how many series pixels lie between. */
async function peakGeometry(chart: Locator, peakAt: number): Promise<Geometry> {
  return chart.evaluate(
    (canvas, { peakAt, peak, critical }) => {
      let host: HTMLElement | null = canvas as HTMLElement;
      while (host && !('uplot' in host)) host = host.parentElement;
      const u = (host as unknown as { uplot: any }).uplot;
      const scale = u.series[1].scale as string;
      const x = Math.round(u.valToPos(peakAt / 1000, 'x', true));
      const yPeak = Math.round(u.valToPos(peak, scale, true));
      const yLimit = Math.round(u.valToPos(critical, scale, true));
      // Pixels of the series' blue (#0077BB, in its band or line) from the peak down to just above the limit line.
      const ctx = (canvas as HTMLCanvasElement).getContext('2d')!;
      const height = Math.max(1, yLimit - 2 - yPeak);
      const { data } = ctx.getImageData(x - 2, yPeak, 5, height);
      let drawn = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i + 2]! - data[i]! > 60) drawn++;
      return { x, yPeak, yLimit, top: u.bbox.top, bottom: u.bbox.top + u.bbox.height, drawn };
    },
    { peakAt, peak: PEAK, critical: CRITICAL },
  );
}

/** The time axis' tick labels as drawn (canvas pixels): no two may overlap. */
async function tickLabelBoxes(chart: Locator) {
  return chart.evaluate((canvas) => {
    let host: HTMLElement | null = canvas as HTMLElement;
    while (host && !('uplot' in host)) host = host.parentElement;
    const u = (host as unknown as { uplot: any }).uplot;
    const axis = u.axes[0];
    const ctx = (canvas as HTMLCanvasElement).getContext('2d')!;
    ctx.save();
    ctx.font = axis.font[0];
    const boxes = (axis._splits as number[]).flatMap((split: number, i: number) => {
      const text = axis._values?.[i];
      if (text == null) return [];
      const width = Math.max(
        ...String(text)
          .split('\n')
          .map((line: string) => ctx.measureText(line).width),
      );
      const x = u.valToPos(split, 'x', true);
      return [{ text: String(text), left: x - width / 2, right: x + width / 2 }];
    });
    ctx.restore();
    return boxes;
  });
}

function expectApart(boxes: Array<{ text: string; left: number; right: number }>, label: string) {
  expect(boxes.length, `${label}: ticks ${JSON.stringify(boxes)}`).toBeGreaterThan(1);
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i]!.left, `${label}: "${boxes[i - 1]!.text}" and "${boxes[i]!.text}"`).toBeGreaterThan(
      boxes[i - 1]!.right,
    );
  }
}

async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
}

test('a single reading beyond the critical limit is drawn above the line on the alert chart and a 90-day chart', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await adminIn(request, OUSE);
  const user = await createProjectUser(request, admin.token, `peak-${Date.now().toString(36)}`);
  const device = await createPiezometer(request, admin.token, 'Peak piezometer');
  const start = Math.floor((Date.now() - 6 * 60 * MINUTE) / MINUTE) * MINUTE;
  const pressure = (level: number) => Number(((level - 100) * 9.8068).toFixed(4));
  const peakIndex = 200;
  const readings = Array.from({ length: 360 }, (_, i) => ({
    eid: device.eid,
    read_at: new Date(start + i * MINUTE).toISOString(),
    raw_metrics: { pressure: pressure(i === peakIndex ? PEAK : 104 + (i % 3) * 0.5) },
  }));
  await ingest(request, admin.token, readings);
  const peakAt = start + peakIndex * MINUTE;

  await openShell(page, user.username, '/', user.password);
  await openDrawer(page);
  const title = /Piezometric level reached its critical upper limit/;
  await applyFilters(page, async (panel) => {
    await panel.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'Metric limit reached', exact: true }).click();
  });
  const item = drawerItem(page, title).filter({ hasText: device.title });
  await expect(item).not.toHaveCount(0, { timeout: 30_000 });
  await item.first().click();
  const alertChart = page
    .getByRole('dialog', { name: title })
    .getByRole('img', { name: 'Chart of Piezometric level around the event' });
  await expect(alertChart).toBeVisible();
  await settle(page);
  const alert = await peakGeometry(alertChart, peakAt);
  expect(alert.yPeak, 'the peak inside the plot').toBeGreaterThanOrEqual(alert.top);
  expect(alert.yPeak, 'the peak above the critical line').toBeLessThan(alert.yLimit);
  await alertChart.screenshot({ path: 'e2e/screenshots/chart-peak-alert-desktop.png' });

  // A 90-day chart of the same metric: buckets of about 65 minutes.
  const to = Date.now() + 60 * MINUTE;
  const search = new URLSearchParams({
    from: new Date(to - 90 * DAY).toISOString(),
    to: new Date(to).toISOString(),
    metric: LEVEL,
  });
  const answer = await request.post('/metrics-provider/api/v1/metrics/timeseries/', {
    headers: auth(admin.token),
    data: {
      metric: LEVEL,
      from_time: search.get('from'),
      to_time: search.get('to'),
      aggregation: { envelope: true },
      filters: { monitored_entity_ids: [device.id] },
    },
  });
  const series = (
    (await answer.json()) as { data: Array<{ values: Record<string, number>; envelope: Record<string, number[]> }> }
  ).data[0]!;
  expect(Math.max(...Object.values(series.values)), 'every bucket average under the limit').toBeLessThan(CRITICAL);
  expect(Math.max(...Object.values(series.envelope).map((e) => e[1]!))).toBeCloseTo(PEAK, 6);

  await page.goto(`/metrics/safety-state/${device.id}/instrument?${search}`);
  const card = page.getByRole('region', { name: `${device.title} · Piezometric level` });
  const chart = card.getByRole('img', { name: `Chart: ${device.title} · Piezometric level` });
  await expect(chart).toBeVisible();
  await settle(page);
  const ninety = await peakGeometry(chart, peakAt);
  expect(ninety.yPeak).toBeGreaterThanOrEqual(ninety.top);
  expect(ninety.yPeak).toBeLessThan(ninety.yLimit);
  expect(ninety.drawn, 'the band drawn between the peak and the critical line').toBeGreaterThan(0);
  await card.screenshot({ path: 'e2e/screenshots/chart-peak-90-days-desktop.png' });
});

for (const locale of ['en-US', 'ja']) {
  test(`time axis labels never overlap at 1440 and 390 px (${locale})`, async ({ page, request }) => {
    test.slow();
    const admin = await adminIn(request, OUSE);
    const user = await createProjectUser(request, admin.token, `axis-${locale}-${Date.now().toString(36)}`);
    const projects = await request.get('/ui/api/v1/projects', { headers: auth(admin.token) });
    const project = ((await projects.json()) as { objects: Array<{ id: string; name: string }> }).objects.find(
      (p) => p.name === OUSE,
    )!.id;
    const own = await apiLogin(request, user.username, user.password);
    const set = await request.patch(`/ui/api/v1/projects/${project}/user-profiles/${user.id}`, {
      headers: auth(own.token),
      data: { profile: { locale } },
    });
    expect(set.ok(), await set.text()).toBe(true);
    const device = await createPiezometer(request, admin.token, 'Axis piezometer');
    const start = Date.now() - 3 * DAY;
    await ingest(
      request,
      admin.token,
      Array.from({ length: 72 }, (_, i) => ({
        eid: device.eid,
        read_at: new Date(start + i * 3_600_000).toISOString(),
        raw_metrics: { pressure: 40 + (i % 5) },
      })),
    );
    await openShell(page, user.username, '/', user.password);
    for (const [days, label] of [
      [2, 'two days'],
      [13, 'thirteen days'],
      [90, 'ninety days'],
    ] as const) {
      const to = Date.now();
      const search = new URLSearchParams({
        from: new Date(to - days * DAY).toISOString(),
        to: new Date(to).toISOString(),
        metric: LEVEL,
      });
      await page.goto(`/metrics/safety-state/${device.id}/instrument?${search}`);
      for (const size of [{ width: 1440, height: 900 }, PHONE]) {
        await page.setViewportSize(size);
        const chart = page.getByRole('img', { name: new RegExp(`${device.title}`) }).first();
        await expect(chart).toBeVisible();
        await settle(page);
        expectApart(await tickLabelBoxes(chart), `${locale} ${label} at ${size.width} px`);
      }
      await page.setViewportSize(DESKTOP);
    }
    await page.screenshot({ path: `e2e/screenshots/chart-axis-${locale}-desktop.png` });
  });
}

/// <reference lib="dom" />
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import { MAX_CHART_SERIES, type DashboardCard, type TimeseriesResult } from '@vigil/domain';
import playwrightConfig from '../playwright.config.ts';
import { addBenchPage, drawn, HISTORY_DAYS, METRIC, PERIOD, signedInContext, startServer } from './dashboard-draw.ts';
import { httpCall, named, percentile, runLoad, until } from './measure.ts';
import { cpuBetween, sampleCpu } from './process-cpu.ts';
import { machine } from './report.ts';

/**
 * Issue 18's budget: zooming a chart of 10 series × 2000 points re-queries and redraws in ≤ 150 ms
 * (server p50 + draw) in headless Chromium. One full-width chart card of piezometers over three
 * months, on the web build and the demo of bench/dashboard-draw.ts; the mouse drags across part of
 * the plot (uPlot's select), the card asks `metrics/timeseries/` for the dragged range (≤ 2000
 * buckets) and redraws. Each zoom starts from the whole three months (a double click) and drags
 * another span, so that no cached answer serves it.
 */
export const SERIES = MAX_CHART_SERIES;
export const ZOOM_PATH = 'root/bench-zoom';
export const BUDGET_MS = 150;
/** the first zoom warms up (its code paths, the server's statements) and is not counted */
const WARMUP_ZOOMS = 1;
/** the dragged spans, as fractions of the plot's width: from 40 to 85 % of the three months */
const DRAGS: Array<[number, number]> = [
  [0.1, 0.6],
  [0.05, 0.55],
  [0.12, 0.72],
  [0.2, 0.9],
  [0.3, 0.8],
  [0.15, 0.62],
  [0.4, 0.95],
  [0.02, 0.5],
  [0.25, 0.75],
  [0.35, 0.85],
  [0.08, 0.88],
];
/** after a zoom is painted: no other request or draw may follow within this time */
const QUIET_MS = 300;
/** each zoom's request body, called again over HTTP at concurrency 1 for the server's latency */
const SERVER_CALLS = { warmup: 5, maxCalls: 60, maxMs: 4000 };

const zoomCard: (piezometers: ReadonlyArray<{ id: string }>) => DashboardCard[] = (piezometers) => [
  {
    id: 'bench-zoom',
    type: 'chart',
    title: '',
    layout: { x: 0, y: 0, w: 16, h: 3 },
    period: PERIOD,
    series: piezometers.map((p) => ({
      entity_id: p.id,
      entity_type: 'instrument',
      metric: METRIC,
      data_point_id: null,
    })),
  },
];

declare global {
  interface Window {
    __benchZoom?: {
      /** when each uPlot canvas draw began (uPlot clears its canvas first) */
      draws: number[];
      /** for each draw: the end of the next frame's paint (a message posted from its animation frame) */
      painted: number[];
      mouseUps: number[];
      longTasks: Array<[start: number, duration: number]>;
      /** when each timeseries answer's text was read (the app's client reads text, then parses it) */
      texts: number[];
      /** JSON.parse calls of large texts (the answers): start, end */
      parses: Array<[start: number, end: number]>;
    };
  }
}

/**
 * Runs in the page before its own scripts: notes each uPlot draw (its canvas cleared) with the end of
 * the next painted frame, each mouse-up, the long tasks, and when answers are read and parsed. The
 * app is not changed.
 */
export function watchZoom() {
  const state: NonNullable<Window['__benchZoom']> = {
    draws: [],
    painted: [],
    mouseUps: [],
    longTasks: [],
    texts: [],
    parses: [],
  };
  window.__benchZoom = state;
  performance.setResourceTimingBufferSize(10_000);
  const text = Response.prototype.text;
  Response.prototype.text = async function (this: Response) {
    const body = await text.call(this);
    if (this.url.includes('/metrics/timeseries/')) state.texts.push(performance.now());
    return body;
  };
  const parse = JSON.parse;
  JSON.parse = function (source: string, reviver?: (key: string, value: unknown) => unknown) {
    const start = performance.now();
    const value: unknown = parse(source, reviver);
    if (typeof source === 'string' && source.length > 100_000) state.parses.push([start, performance.now()]);
    return value;
  };
  const clearRect = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (this: CanvasRenderingContext2D, ...args) {
    if (this.canvas.closest('.uplot')) {
      const i = state.draws.push(performance.now()) - 1;
      // animation frame callbacks run before the frame's style, layout and paint; a message after them
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (state.painted[i] ??= performance.now());
        channel.port2.postMessage(null);
      });
    }
    return clearRect.apply(this, args);
  };
  addEventListener('mouseup', (e) => state.mouseUps.push(e.timeStamp), { capture: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/** One zoom as the page saw it, in ms since its navigation started. */
export interface ZoomRun {
  span: [number, number];
  mouseUpMs: number;
  /** the timeseries calls made after the mouse-up: start, end of the answer, KiB on the wire */
  requests: Array<{ startMs: number; endMs: number; kiB: number }>;
  /** every uPlot draw after the mouse-up (the first one rescales the old data), and the painted end of the first one after the answer */
  drawsMs: number[];
  /** the last answer's text read, and its JSON parsed (start, end) */
  textMs: number;
  parseMs: [number, number];
  dataDrawMs: number;
  paintedMs: number;
  longTaskMs: number;
}

/** In the page, after the zoom's calls ended: its figures once the draw after the answer is painted, else null. */
function zoomReport(calls: number): Omit<ZoomRun, 'span'> | null {
  const state = window.__benchZoom!;
  const mouseUpMs = state.mouseUps.at(-1)!;
  const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((r) => r.name.includes('/metrics/timeseries/') && r.startTime >= mouseUpMs)
    .map((r) => ({ startMs: r.startTime, endMs: r.responseEnd, kiB: r.encodedBodySize / 1024 }));
  if (requests.length < calls) return null;
  const answeredMs = Math.max(...requests.map((r) => r.endMs));
  const textMs = state.texts.filter((t) => t >= answeredMs).at(-1);
  const parseMs = state.parses.filter(([start]) => start >= (textMs ?? Infinity)).at(-1);
  const at = state.draws.findIndex((t) => t >= answeredMs);
  const paintedMs = state.painted[at];
  if (at < 0 || paintedMs === undefined || textMs === undefined || !parseMs) return null;
  const longTaskMs = state.longTasks
    .filter(([start, duration]) => start + duration > mouseUpMs && start < paintedMs)
    .reduce((sum, [start, duration]) => sum + Math.min(start + duration, paintedMs) - Math.max(start, mouseUpMs), 0);
  return {
    mouseUpMs,
    requests,
    drawsMs: state.draws.filter((t) => t >= mouseUpMs),
    textMs,
    parseMs,
    dataDrawMs: state.draws[at]!,
    paintedMs,
    longTaskMs,
  };
}

/** Timeseries calls of a page: the bodies sent, and how many are still open. */
function watchRequests(page: Page) {
  const bodies: string[] = [];
  let open = 0;
  const isTimeseries = (url: string) => url.includes('/metrics/timeseries/');
  page.on('request', (r) => {
    if (!isTimeseries(r.url())) return;
    bodies.push(r.postData() ?? '');
    open += 1;
  });
  const done = (r: { url(): string }) => {
    if (isTimeseries(r.url())) open -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { bodies, open: () => open };
}

/** Waits until no timeseries call is open and no chart has drawn for {@link QUIET_MS}. */
async function settle(page: Page, requests: ReturnType<typeof watchRequests>) {
  const quiet = async () => {
    await until('the answers of the open timeseries calls', 30_000, () => requests.open() === 0, 5);
    const draws = await page.evaluate(() => window.__benchZoom!.draws.length);
    const sent = requests.bodies.length;
    await sleep(QUIET_MS);
    const still = await page.evaluate(() => window.__benchZoom!.draws.length);
    return still === draws && requests.bodies.length === sent && requests.open() === 0;
  };
  await until(`${QUIET_MS} ms without a timeseries call or a chart draw`, 60_000, quiet, 0);
}

/** One drag across `span` of the plot, from the whole three months; its figures and request bodies. */
async function zoom(page: Page, requests: ReturnType<typeof watchRequests>, span: [number, number]) {
  const over = (await page.locator('.uplot .u-over').boundingBox())!;
  const y = over.y + over.height / 2;
  await page.mouse.dblclick(over.x + over.width / 2, y);
  await settle(page, requests);
  await page.mouse.move(over.x + span[0] * over.width, y);
  await page.mouse.down();
  await page.mouse.move(over.x + span[1] * over.width, y, { steps: 8 });
  const sent = requests.bodies.length;
  await page.mouse.up();
  await until(
    'the zoom’s metrics/timeseries call and its answer',
    30_000,
    () => requests.bodies.length > sent && requests.open() === 0,
    5,
  );
  const calls = requests.bodies.length - sent;
  await named('the zoom’s redraw painted', page.waitForFunction(zoomReport, calls, { timeout: 30_000 }));
  await settle(page, requests);
  const report = (await page.evaluate(zoomReport, calls))!;
  if (report.requests.length !== requests.bodies.length - sent)
    throw new Error('the zoom called metrics/timeseries again after its draw');
  return { run: { ...report, span }, bodies: requests.bodies.slice(sent) };
}

/** Loads the page, then zooms once per span of {@link DRAGS}. */
export async function measureZooms(base: string, session: Parameters<typeof signedInContext>[1]) {
  const context = await signedInContext(base, session, 1);
  try {
    await context.addInitScript(watchZoom);
    const page = await context.newPage();
    const requests = watchRequests(page);
    await page.goto(`/safety-state/${ZOOM_PATH}`);
    await named('the chart card drawn', page.waitForFunction(drawn, null, { timeout: 30_000 }));
    await settle(page, requests);
    const runs: ZoomRun[] = [];
    const bodies: string[][] = [];
    let cpuBefore = sampleCpu();
    for (const [i, span] of DRAGS.entries()) {
      if (i === WARMUP_ZOOMS) cpuBefore = sampleCpu();
      const zoomed = await zoom(page, requests, span);
      if (i < WARMUP_ZOOMS) continue;
      runs.push(zoomed.run);
      bodies.push(zoomed.bodies);
    }
    const cpu = cpuBetween(cpuBefore, sampleCpu());
    return { runs, bodies, cores: { own: cpu.ownCores, other: cpu.otherCores } };
  } finally {
    await context.close();
  }
}

/** Each zoom's calls again over HTTP, one at a time: the server's latency and the points answered. */
async function measureServer(base: string, token: string, bodies: string[][]) {
  const all: number[] = [];
  const perZoom: Array<{ p50Ms: number; points: number[] }> = [];
  for (const zoomBodies of bodies) {
    const latencies: number[] = [];
    const points: number[] = [];
    for (const body of zoomBodies) {
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
        body,
      };
      const url = `${base}/metrics-provider/api/v1/metrics/timeseries/`;
      const answer = (await (await fetch(url, init)).json()) as TimeseriesResult;
      points.push(...answer.data.map((d) => Object.keys(d.values).length));
      await runLoad(httpCall(url, init), { concurrency: 1, maxCalls: SERVER_CALLS.warmup, maxMs: 10_000 });
      const series = await runLoad(httpCall(url, init), { concurrency: 1, ...SERVER_CALLS });
      latencies.push(...series.latenciesMs);
    }
    all.push(...latencies);
    perZoom.push({ p50Ms: percentile(latencies, 50), points });
  }
  return { p50Ms: percentile(all, 50), p99Ms: percentile(all, 99), calls: all.length, perZoom };
}

const ms = (value: number) => value.toFixed(0);
const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;

async function main() {
  const command = process.env.BENCH_COMMAND ?? 'npx node bench/chart-zoom.ts';
  const server = await startServer();
  let measured: Awaited<ReturnType<typeof measureZooms>>;
  let serverTimes: Awaited<ReturnType<typeof measureServer>>;
  let page: Awaited<ReturnType<typeof addBenchPage>>;
  try {
    console.log(
      `demo history: ${server.readings} readings over ${HISTORY_DAYS} days in ${server.historySeconds.toFixed(1)} s`,
    );
    page = await addBenchPage(server.base, { path: ZOOM_PATH, devices: SERIES, cards: zoomCard });
    console.log(`page ${ZOOM_PATH} of ${page.projectName}: ${page.eids.join(', ')}; points ${page.points.join(', ')}`);
    measured = await measureZooms(server.base, page.session);
    serverTimes = await measureServer(server.base, page.session.token, measured.bodies);
  } finally {
    await server.close();
  }
  const { runs, cores } = measured;

  const endToEnd = runs.map((r) => r.paintedMs - r.mouseUpMs);
  const redraw = runs.map((r) => r.paintedMs - Math.max(...r.requests.map((q) => q.endMs)));
  const medianRedraw = percentile(redraw, 50);
  const total = serverTimes.p50Ms + medianRedraw;
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
  // the redraw's parts: answer → text read → parsed → uPlot's draw begins → painted
  const parts = runs.map((r) => {
    const answered = Math.max(...r.requests.map((q) => q.endMs));
    return [r.textMs - answered, r.parseMs[1] - r.parseMs[0], r.dataDrawMs - r.parseMs[1], r.paintedMs - r.dataDrawMs];
  });
  const partMedians = [0, 1, 2, 3].map((k) =>
    ms(
      percentile(
        parts.map((p) => p[k]!),
        50,
      ),
    ),
  );
  const summary = [
    '| measurement | zooms | median (ms) | max (ms) | budget |',
    '| --- | ---: | ---: | ---: | --- |',
    `| server: the zooms' \`POST metrics/timeseries/\` again over HTTP, concurrency 1 (${serverTimes.calls} calls; p99 ${ms(serverTimes.p99Ms)} ms) | ${runs.length} | ${ms(serverTimes.p50Ms)} (p50) | | |`,
    `| in the browser: answer received → redrawn and painted (medians of its parts: text read ${partMedians[0]}, JSON.parse ${partMedians[1]}, parsed → uPlot draw begins ${partMedians[2]}, draw → painted ${partMedians[3]}) | ${runs.length} | ${ms(medianRedraw)} | ${ms(Math.max(...redraw))} | |`,
    `| **server p50 + redraw median** (${SERIES} series) | | **${ms(total)}** | | ≤ ${BUDGET_MS} ms: ${verdict(total <= BUDGET_MS)} |`,
    `| end to end: mouse-up → new data painted | ${runs.length} | ${ms(percentile(endToEnd, 50))} | ${ms(Math.max(...endToEnd))} | ${verdict(Math.max(...endToEnd) <= BUDGET_MS)} at every zoom |`,
  ].join('\n');
  const perZoom = [
    '| zoom | span of the plot | points per series | mouse-up → call sent | call (browser) | server p50 | answer → text read | JSON.parse | parsed → draw | draw → painted | **answer → painted** | **mouse-up → painted** | draws | long tasks |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map((r, i) => {
      const first = Math.min(...r.requests.map((q) => q.startMs));
      const answered = Math.max(...r.requests.map((q) => q.endMs));
      const kiB = r.requests.reduce((sum, q) => sum + q.kiB, 0);
      return (
        `| ${i + 1} | ${r.span.map((f) => `${Math.round(f * 100)} %`).join(' – ')} | ${range(serverTimes.perZoom[i]!.points)} | ` +
        `${ms(first - r.mouseUpMs)} | ${ms(answered - first)} (${r.requests.length}, ${kiB.toFixed(0)} KiB) | ` +
        `${ms(serverTimes.perZoom[i]!.p50Ms)} | ${parts[i]!.map(ms).join(' | ')} | **${ms(r.paintedMs - answered)}** | ` +
        `**${ms(r.paintedMs - r.mouseUpMs)}** | ${r.drawsMs.length} | ${ms(r.longTaskMs)} |`
      );
    }),
  ].join('\n');
  const section = [
    `- Machine: ${machine()}`,
    `- Node: ${process.version}; Chromium ${playwrightConfig.use?.launchOptions?.executablePath} (flags of playwright.config.ts), viewport 1280×800`,
    `- Command: \`${command}\``,
    `- Set-up: chart zoom (issue 18): in-process server on a temporary SQLite file serving a copy of packages/web/dist (built ${server.web.builtAt}), demo site with ${HISTORY_DAYS} days of history (${server.readings} readings), no simulator; page \`/safety-state/${ZOOM_PATH}\` with one full-width chart card of ${SERIES} piezometers over ${PERIOD} (points ${range(page.points)} per series); ${runs.length} zooms after ${WARMUP_ZOOMS} warm-up, each a mouse drag across another span of the whole ${PERIOD}; "painted": the first uPlot draw after the last zoom call's answer (the canvas cleared) and the end of the next frame's paint (an animation frame, then a message); the server's figure: each zoom's request bodies sent again over HTTP at concurrency 1 after the browser closed`,
    `- Other work on the machine during the zooms: ${cores.other.toFixed(2)} cores; this process and its browser: ${cores.own.toFixed(2)} cores`,
    '',
    summary,
    '',
    'Each zoom (ms; "parsed → draw": the app turning the answer into series (query cache, points, alignment, React render) until uPlot clears its canvas; "draw → painted": uPlot\'s draw and the frame; "draws": uPlot draws after the mouse-up, the first one rescaling the old data at once; "long tasks": their time between mouse-up and painted):',
    '',
    perZoom,
  ].join('\n');
  console.log(`\n${section}\n`);

  if (process.env.BENCH_RESULTS === 'off') return;
  const resultsFile = join(import.meta.dirname, 'RESULTS.md');
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  appendFileSync(resultsFile, `\n## ${when} UTC\n\n${section}\n`);
  console.log(`appended to ${resultsFile}`);
}

if (import.meta.main) await main();

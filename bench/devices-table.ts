/// <reference lib="dom" />
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { REGISTER_COLUMNS, type RegisterImportAnswer } from '@vigil/domain';
import playwrightConfig from '../playwright.config.ts';
import { call, signIn } from './dashboard-draw.ts';
import { demoApp } from './demo-app.ts';
import { named, percentile } from './measure.ts';
import { cpuBetween, sampleCpu } from './process-cpu.ts';
import { appendResults, machine, type Row } from './report.ts';

/**
 * Issue 31's table budget: "the devices table of 2,000 rows opens ≤ 1 s and filters as you type
 * without a dropped frame (virtualised rows)". A fresh demo gets 2,000 piezometers (on 40 new
 * interface nodes) through `POST /device-registry/api/v1/register/import`; then, in headless
 * Chromium on the web build, signed in as the demo's administrator: `/devices` is opened
 * {@link OPENS} times in new tabs after a warm-up (navigation → the table's rows and its count
 * shown, painted), then a search of {@link SEARCH} is typed character by character while an
 * animation-frame loop records every frame and a PerformanceObserver the long tasks.
 */
const INSTRUMENTS = 2000;
const NODES = 40;
const OPENS = 8;
const TYPINGS = 3;
const ROUNDS = 3;
const QUIET_CORES = 0.15;
const OPEN_BUDGET_MS = 1000;
/** 6 characters, each narrowing the list: bench EIDs are BP-1 … BP-2000: BP-1…, BP-12…, BP-123… */
const SEARCH = 'BP-123';
const KEY_DELAY_MS = 80;
/** A frame gap above two frames at 60 Hz (16.7 ms) means a frame was dropped. */
const DROPPED_MS = 34;
const WEB_DIST = join(import.meta.dirname, '../packages/web/dist');
const ZONES = ['left abutment', 'right abutment', 'toe', 'crest', 'spillway', 'downstream berm'];

export function registerCsv(): string {
  const header = [...REGISTER_COLUMNS, 'context.tip_elevation'];
  const rows: Array<Array<string | number>> = [header];
  for (let n = 1; n <= NODES; n++)
    rows.push(['interface-node', `TB-DL-${n}`, `Logger ${n}`, 'Data logger', '', -27.36, -70.33, 900, '', 'bench', '']);
  for (let n = 1; n <= INSTRUMENTS; n++)
    rows.push([
      'instrument',
      `BP-${n}`,
      `Piezometer ${n} ${ZONES[n % ZONES.length]}`,
      'VW piezometer',
      `TB-DL-${(n % NODES) + 1}`,
      -27.36 + n * 1e-5,
      -70.33 - n * 1e-5,
      3600,
      `Bench piezometer ${n}`,
      'bench',
      1100 + (n % 50),
    ]);
  return rows.map((row) => row.map((c) => (String(c).includes(',') ? `"${c}"` : c)).join(',')).join('\r\n');
}

declare global {
  interface Window {
    __benchTable?: { shownAt?: number; paintedAt?: number; total?: number; rows?: number };
    __benchFrames?: { frames: number[]; longTasks: Array<{ start: number; duration: number }>; running: boolean };
  }
}

/**
 * In the page before its scripts: the moment the table shows its count and its rows (the summary
 * "N devices" and at least 10 rows with a bench piezometer's title), then the end of the next
 * painted frame (an animation frame, then a message).
 */
export function watchTable() {
  const state: NonNullable<Window['__benchTable']> = {};
  window.__benchTable = state;
  const numbers = () => {
    const text = document.querySelector('[role="status"]')?.textContent ?? '';
    if (!/devices?/.test(text)) return [];
    return (text.match(/\d[\d,.\u202f\u00a0]*/g) ?? []).map((s) => Number(s.replace(/[^\d]/g, '')));
  };
  const check = () => {
    if (state.shownAt !== undefined) return;
    const counts = numbers();
    if (counts.length !== 1) return;
    const table = document.querySelector('table');
    const rows = table
      ? [...table.querySelectorAll('tbody tr')].filter((r) => r.textContent?.includes('Piezometer')).length
      : 0;
    if (rows < 10) return;
    state.shownAt = performance.now();
    state.total = counts[0];
    state.rows = rows;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (state.paintedAt = performance.now());
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(check);
  const start = () => observer.observe(document, { childList: true, subtree: true, characterData: true });
  start();
}

/** In the page: every animation frame's time and the long tasks, until stopped. */
function startFrames() {
  const state = { frames: [] as number[], longTasks: [] as Array<{ start: number; duration: number }>, running: true };
  window.__benchFrames = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' });
  const loop = (t: number) => {
    state.frames.push(t);
    if (state.running) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

interface FrameStats {
  frames: number;
  longestGapMs: number;
  over34: number;
  over50: number;
  longTasks: number;
  longTasksMs: number;
  longestTaskMs: number;
}

function frameStats(frames: number[], longTasks: Array<{ start: number; duration: number }>, from: number, to: number) {
  const inside = frames.filter((t) => t >= from && t <= to);
  const gaps = inside.slice(1).map((t, i) => t - inside[i]!);
  const tasks = longTasks.filter((t) => t.start + t.duration >= from && t.start <= to);
  return {
    frames: inside.length,
    longestGapMs: Math.max(0, ...gaps),
    over34: gaps.filter((g) => g > DROPPED_MS).length,
    over50: gaps.filter((g) => g > 50).length,
    longTasks: tasks.length,
    longTasksMs: tasks.reduce((s, t) => s + t.duration, 0),
    longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
  } satisfies FrameStats;
}

export async function openTable(context: BrowserContext) {
  const page = await context.newPage();
  const before = sampleCpu();
  await page.goto('/devices');
  await named(
    'the devices table shown and painted',
    page.waitForFunction(() => window.__benchTable?.paintedAt !== undefined, null, { timeout: 30_000 }),
  );
  const cpu = cpuBetween(before, sampleCpu());
  const state = await page.evaluate(() => window.__benchTable!);
  // the instruments' list (the table's data): when its first page was asked for and had arrived, when
  // the other pages were asked for, when the last had arrived
  const list = await page.evaluate(() => {
    const pages = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.includes('/device-registry/api/v1/instruments'))
      .map((r) => r as PerformanceResourceTiming)
      .sort((x, y) => x.startTime - y.startTime);
    const rest = pages.slice(1);
    return {
      askedMs: pages[0]!.startTime,
      firstMs: pages[0]!.responseEnd,
      restAskedMs: rest.length ? Math.min(...rest.map((r) => r.startTime)) : pages[0]!.responseEnd,
      dataMs: Math.max(...pages.map((r) => r.responseEnd)),
    };
  });
  if (process.env.BENCH_TABLE_WATERFALL) console.log(await waterfall(page));
  return { page, ms: state.paintedAt!, shownMs: state.shownAt!, ...list, total: state.total!, rows: state.rows!, cpu };
}

/** With BENCH_TABLE_WATERFALL=on, an open's requests (start → end, ms from navigation) and long tasks. */
async function waterfall(page: Page) {
  return page.evaluate(async () => {
    const rows = performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .map(
        (r) =>
          `${r.startTime.toFixed(0).padStart(6)} ${r.responseEnd.toFixed(0).padStart(6)} ${new URL(r.name).pathname}`,
      );
    const tasks = await new Promise<string[]>((resolve) => {
      new PerformanceObserver((list) =>
        resolve(
          list
            .getEntries()
            .map(
              (t) =>
                `${t.startTime.toFixed(0).padStart(6)} ${(t.startTime + t.duration).toFixed(0).padStart(6)} long task`,
            ),
        ),
      ).observe({ type: 'longtask', buffered: true });
      setTimeout(() => resolve([]), 500);
    });
    return [...rows, ...tasks].sort().join('\n');
  });
}

async function typeSearch(context: BrowserContext) {
  const { page, total } = await openTable(context);
  try {
    const box = page.getByPlaceholder('Search by title or EID');
    await box.click();
    await page.evaluate(startFrames);
    await page.waitForTimeout(1000); // idle frames: the frame clock's own regularity
    const idleEnd = await page.evaluate(() => performance.now());
    const before = sampleCpu();
    await page.keyboard.type(SEARCH, { delay: KEY_DELAY_MS });
    const typedAt = await page.evaluate(() => performance.now());
    // the list has narrowed: "found of total devices shown", found < total
    const handle = await named(
      `the list narrowed by "${SEARCH}"`,
      page.waitForFunction(
        (t) => {
          const text = document.querySelector('[role="status"]')?.textContent ?? '';
          const numbers = (text.match(/\d[\d,.\u202f\u00a0]*/g) ?? []).map((s) => Number(s.replace(/[^\d]/g, '')));
          return numbers.length === 2 && numbers[1] === t && numbers[0]! < t ? numbers[0]! : null;
        },
        total,
        { timeout: 10_000 },
      ),
    );
    const found = (await handle.jsonValue()) as number;
    const settledAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(300);
    const cpu = cpuBetween(before, sampleCpu());
    const { frames, longTasks } = await page.evaluate(() => {
      window.__benchFrames!.running = false;
      return window.__benchFrames!;
    });
    const rowsShown = await page.evaluate(
      () =>
        [...document.querySelectorAll('table tbody tr')].filter((r) => r.textContent?.includes('Piezometer')).length,
    );
    const typingStart = idleEnd;
    const typingEnd = settledAt + 300;
    return {
      idle: frameStats(frames, longTasks, frames[0]!, idleEnd),
      typing: frameStats(frames, longTasks, typingStart, typingEnd),
      found,
      total,
      rowsShown,
      typedMs: typedAt - typingStart,
      settleMs: settledAt - typedAt,
      cpu,
    };
  } finally {
    await page.close();
  }
}

async function main() {
  const command = process.env.BENCH_COMMAND ?? 'npx node bench/devices-table.ts';
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('packages/web/dist is missing: run `npm run build`');
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-devices-table-'));
  cpSync(WEB_DIST, join(dataDir, 'web'), { recursive: true });
  const { app, db } = await demoApp(dataDir, join(dataDir, 'web'));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ ...(playwrightConfig.use?.launchOptions ?? {}), headless: true });
  try {
    const { session } = await signIn(base);
    const form = new FormData();
    form.append('file', new Blob([registerCsv()]), 'register.csv');
    form.append('dry_run', 'false');
    const res = await fetch(`${base}/device-registry/api/v1/register/import`, {
      method: 'POST',
      headers: { authorization: `Token ${session.token}` },
      body: form,
    });
    const answer = (await res.json()) as RegisterImportAnswer;
    if (res.status !== 200 || answer.created !== INSTRUMENTS + NODES)
      throw new Error(`the import answered ${res.status}: ${JSON.stringify(answer).slice(0, 500)}`);
    const instruments = await call<{ count: number }>(
      base,
      'GET',
      '/device-registry/api/v1/instruments?paginate_by=1',
      session.token,
    );
    console.log(`imported ${answer.created} devices; the project has ${instruments.count} instruments`);

    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    const setup = await context.newPage();
    await setup.goto('/favicon.svg');
    await setup.evaluate((value) => localStorage.setItem('vigil.session', JSON.stringify(value)), session);
    await setup.close();
    await context.addInitScript(watchTable);

    const warm = await openTable(context);
    await warm.page.close();
    // The machine is shared: up to ROUNDS rounds, until one ran while other work took under
    // QUIET_CORES cores (mean over its loads); the quietest round is reported, every round listed.
    const median = (values: number[]) => percentile(values, 50);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    type Open = Awaited<ReturnType<typeof openTable>>;
    type Typing = Awaited<ReturnType<typeof typeSearch>>;
    const openRounds: Open[][] = [];
    const typingRounds: Typing[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const opens: Open[] = [];
      for (let i = 0; i < OPENS; i++) {
        const open = await openTable(context);
        await open.page.close();
        opens.push(open);
        console.log(
          `round ${round + 1}, open ${i + 1}: ${open.ms.toFixed(0)} ms (list asked ${open.askedMs.toFixed(0)}, page 1 ${open.firstMs.toFixed(0)}, pages 2–3 asked ${open.restAskedMs.toFixed(0)}, arrived ${open.dataMs.toFixed(0)} ms; rows shown ${open.shownMs.toFixed(0)} ms; ${open.total} devices, ${open.rows} rows in the DOM; other work ${open.cpu.otherCores.toFixed(2)} cores)`,
        );
      }
      openRounds.push(opens);
      if (mean(opens.map((o) => o.cpu.otherCores)) < QUIET_CORES) break;
    }
    for (let round = 0; round < ROUNDS; round++) {
      const typings: Typing[] = [];
      for (let i = 0; i < TYPINGS; i++) {
        const typing = await typeSearch(context);
        typings.push(typing);
        console.log(`round ${round + 1}, typing ${i + 1}:`, JSON.stringify(typing));
      }
      typingRounds.push(typings);
      if (mean(typings.map((t) => t.cpu.otherCores)) < QUIET_CORES) break;
    }
    const quietest = <T extends { cpu: { otherCores: number } }>(rounds: T[][]) =>
      rounds.reduce((a, b) =>
        median(b.map((x) => x.cpu.otherCores)) < median(a.map((x) => x.cpu.otherCores)) ? b : a,
      );
    const opens = quietest(openRounds);
    const typings = quietest(typingRounds);
    if (opens.some((o) => o.total !== instruments.count))
      throw new Error(`the table counted ${opens.map((o) => o.total).join(', ')}, not ${instruments.count}`);

    const times = opens.map((o) => o.ms);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const others = percentile(
      opens.map((o) => o.cpu.otherCores),
      50,
    );
    const worst = (key: keyof FrameStats) => Math.max(...typings.map((t) => t.typing[key]));
    const rows: Row[] = [
      {
        measurement: `/devices opened in a new tab, navigation → ${instruments.count} rows counted and shown, painted (p95 ${p95.toFixed(0)} ms)`,
        concurrency: 1,
        calls: OPENS,
        p50Ms: p50,
        p99Ms: percentile(times, 99),
      },
    ];
    const met = (ok: boolean) => (ok ? 'met' : '**NOT met**');
    const dropped = typings.reduce((s, t) => s + t.typing.over34, 0);
    const facts = [
      `Set-up: ${INSTRUMENTS} piezometers on ${NODES} new interface nodes imported through the register (CSV); the instruments tab counts ${instruments.count} (with the demo's own); Chromium headless, 1280×800, one context signed in as admin, a warm-up load first; other work on the machine during the reported loads: ${others.toFixed(2)} cores (median)`,
      `Open: ${times.map((t) => t.toFixed(0)).join(', ')} ms; p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms: budget ${OPEN_BUDGET_MS} ms at p95 ${met(p95 <= OPEN_BUDGET_MS)}; medians: the instruments' list (${Math.ceil(instruments.count / 1000)} pages of 1,000) asked for at ${median(opens.map((o) => o.askedMs)).toFixed(0)} ms, its first page arrived at ${median(opens.map((o) => o.firstMs)).toFixed(0)} ms, the others asked for at ${median(opens.map((o) => o.restAskedMs)).toFixed(0)} ms and arrived at ${median(opens.map((o) => o.dataMs)).toFixed(0)} ms, rows shown and painted ${median(opens.map((o) => o.ms - o.dataMs)).toFixed(0)} ms later`,
      `Rounds (mean other work, cores): opens ${openRounds.map((r) => mean(r.map((o) => o.cpu.otherCores)).toFixed(2)).join(', ')} (p95 ${openRounds
        .map((r) =>
          percentile(
            r.map((o) => o.ms),
            95,
          ).toFixed(0),
        )
        .join(
          ', ',
        )} ms); typings ${typingRounds.map((r) => mean(r.map((t) => t.cpu.otherCores)).toFixed(2)).join(', ')}; the quietest of each is reported`,
      `Typing "${SEARCH}" (${KEY_DELAY_MS} ms between keys) into "Search by title or EID", ${TYPINGS} times in new tabs; frames from the first key to 300 ms after the list had narrowed:`,
      '',
      '| typing | narrowed to | frames | longest gap (ms) | gaps > 34 ms | gaps > 50 ms | long tasks (n, total, longest ms) | idle before: longest gap, > 34 ms | other work (cores) |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...typings.map(
        (t, i) =>
          `| ${i + 1} | ${t.found} of ${t.total} (${t.rowsShown} rows) | ${t.typing.frames} | ${t.typing.longestGapMs.toFixed(1)} | ${t.typing.over34} | ${t.typing.over50} | ${t.typing.longTasks}, ${t.typing.longTasksMs.toFixed(0)}, ${t.typing.longestTaskMs.toFixed(0)} | ${t.idle.longestGapMs.toFixed(1)}, ${t.idle.over34} | ${t.cpu.otherCores.toFixed(2)} |`,
      ),
      '',
      `Filter as you type without a dropped frame: longest gap ${worst('longestGapMs').toFixed(1)} ms, ${dropped} gaps over ${DROPPED_MS} ms, ${typings.reduce((s, t) => s + t.typing.over50, 0)} over 50 ms in ${TYPINGS} typings: ${met(dropped === 0)}`,
    ];
    const extra = facts.join('\n');
    console.log(extra);
    if (process.env.BENCH_RESULTS === 'off') return;
    appendResults(
      join(import.meta.dirname, 'RESULTS.md'),
      {
        machine: machine(),
        node: process.version,
        command,
        workload: `issue 31: the devices table (/devices) of ${instruments.count} instruments`,
      },
      rows,
      extra,
    );
  } finally {
    await browser.close();
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();

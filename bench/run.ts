import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seedDemo } from '../packages/server/src/demo/seed.ts';
import { DEMO_PASSWORD } from '../packages/server/src/demo/site.ts';
import { measureDashboardBundles } from './dashboard-bundles.ts';
import { measureMapBundles } from './map-bundles.ts';
import { httpCall, percentile, runLoad, type LoadOptions } from './measure.ts';
import { appendResults, machine, table, type Row } from './report.ts';
import { bundleTable, measureWebBundles } from './web-bundles.ts';

// The web app as `npm start` builds it: its bundle sizes are measured, and the dashboard bench loads it.
// BENCH_BUILD=off measures packages/web/dist as it is.
if (process.env.BENCH_BUILD !== 'off') {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: join(import.meta.dirname, '..') });
}

// The server as `npm start` builds it, in this process, on a fresh SQLite file; calls go over real HTTP.
// Only PASSWORD_HASH_COST is taken from the environment, so that a cheaper or dearer cost can be compared.
const costOverride = process.env.PASSWORD_HASH_COST;
const command = `${costOverride ? `PASSWORD_HASH_COST=${costOverride} ` : ''}npm run bench`;
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DEMO: 'off',
  WEB_DIST: join(dataDir, 'no-web'),
  ...(costOverride ? { PASSWORD_HASH_COST: costOverride } : {}),
});
const { db, dialect } = openDatabase({ dataDir });
await migrateToLatest(db);
await seedDemo(db, config.PASSWORD_HASH_COST);
const app = await buildApp(config, db, dialect);
const base = await app.listen({ host: '127.0.0.1', port: 0 });

const loginInit = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
};
const login = await fetch(`${base}/auth/api/v1/users/login`, loginInit);
if (login.status !== 200) throw new Error(`the demo login failed with ${login.status}: ${await login.text()}`);
const { token, user_id: userId } = (await login.json()) as { token: string; user_id: string };
const auth = { headers: { authorization: `Token ${token}` } };

const rows: Row[] = [];

async function measure(measurement: string, call: () => Promise<void>, options: LoadOptions & { warmup: number }) {
  await runLoad(call, { concurrency: 1, maxCalls: options.warmup, maxMs: 10_000 });
  const series = await runLoad(call, options);
  rows.push({
    measurement,
    concurrency: options.concurrency,
    calls: series.count,
    ratePerSecond: (series.count / series.durationMs) * 1000,
    p50Ms: percentile(series.latenciesMs, 50),
    p99Ms: percentile(series.latenciesMs, 99),
  });
  console.log(`measured ${measurement} at concurrency ${options.concurrency}: ${series.count} calls`);
}

/** Reads: latency alone (concurrency 1), then under 16 concurrent clients; skipped if the route is missing. */
async function measureRead(path: string) {
  const url = `${base}${path}`;
  const probe = await fetch(url, auth);
  await probe.arrayBuffer();
  const measurement = `GET ${path.replace(userId, '{id}')}`;
  if (probe.status !== 200) {
    rows.push({ measurement, concurrency: 1, note: `not measured: the route answers ${probe.status}` });
    console.log(`skipped ${measurement}: ${probe.status}`);
    return;
  }
  await measure(measurement, httpCall(url, auth), { concurrency: 1, maxCalls: 2000, maxMs: 5000, warmup: 100 });
  await measure(measurement, httpCall(url, auth), { concurrency: 16, maxCalls: 5000, maxMs: 5000, warmup: 0 });
}

// scrypt runs on libuv's thread pool (4 threads by default): more clients than cores only queue.
const loginConcurrency = Math.min(4, availableParallelism());
await measure(
  `POST /auth/api/v1/users/login (scrypt cost 2^${config.PASSWORD_HASH_COST})`,
  httpCall(`${base}/auth/api/v1/users/login`, loginInit),
  { concurrency: loginConcurrency, maxCalls: 200, maxMs: 15_000, warmup: 2 },
);
await measureRead('/healthz');
await measureRead('/ui/api/v1/projects?paginate_by=100&page=1');
await measureRead(`/auth/api/v1/users/${userId}`);

await app.close();
await db.destroy();
rmSync(dataDir, { recursive: true, force: true });

const webBundles = measureWebBundles();
const bundles = webBundles && [
  ...webBundles,
  ...(measureDashboardBundles()?.rows ?? []),
  ...(measureMapBundles()?.rows ?? []),
];
console.log(`\n${table(rows)}\n`);
if (bundles) console.log(`${bundleTable(bundles)}\n`);
else console.log('web bundle sizes not measured: run `npm run build` first');
const resultsFile = join(import.meta.dirname, 'RESULTS.md');
appendResults(
  resultsFile,
  {
    Machine: machine(),
    Node: process.version,
    Command: `\`${command}\``,
    'Set-up': `in-process server on a temporary SQLite file (WAL), HTTP over 127.0.0.1, PASSWORD_HASH_COST ${config.PASSWORD_HASH_COST}`,
  },
  rows,
  bundles ? `Web app build (packages/web/dist, \`npm run build\`):\n\n${bundleTable(bundles)}` : undefined,
);
console.log(`appended to ${resultsFile}`);

/** benches that stopped with an error: the run goes on to the next one and names them at its end */
const failed: string[] = [];

/** One bench in a process of its own, as `npm run bench` runs it; a failure is noted, not fatal. */
function runBench(file: string) {
  try {
    execFileSync(process.execPath, [...process.execArgv, join(import.meta.dirname, file)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_COMMAND: command },
    });
  } catch (error) {
    failed.push(file);
    console.error(`bench/${file} failed (${(error as Error).message.split('\n')[0]}); going on with the next`);
  }
}

// Issue 17's dashboard budget (about a minute): 8 charts × 2000 points drawn in headless Chromium, on
// the web build above. Its own process too; BENCH_DASHBOARD=off skips it.
if (process.env.BENCH_DASHBOARD !== 'off') runBench('dashboard-draw.ts');

// Issue 18's budgets (about a minute each): zooming a chart card of 8 piezometers × 2000 points in
// headless Chromium, on the web build above (BENCH_ZOOM=off skips it), and `metrics/heatmap` over the
// demo's piezometers (BENCH_HEATMAP=off skips it). Issue 19's (about two minutes): a state-map card of
// 2,000 devices drawn with its clusters and zoomed in, and the map's chunk (BENCH_MAP=off skips it).
// Issue 20's (seconds): a simulated steady hour of the demo's alarms (BENCH_ALARMS=off skips it).
// Issue 21's (about a minute): 5 MB JPEG uploads and the list of 1,000 files (BENCH_MEDIA=off skips it).
// Issue 24's (about a minute): the side-view data of a section of 30 piezometers (BENCH_CROSS_SECTION=off),
// and (about two minutes) that side view drawn in headless Chromium, on the web build above
// (BENCH_CROSS_SECTION_DRAW=off). Issue 33's (a few minutes): a year of one-minute readings charted
// with envelopes (BENCH_ENVELOPE=off). Issue 31's (seconds): a register of 2,000 instruments, CSV and
// .xlsx, previewed and imported (BENCH_REGISTER=off). Issue 32's (about a minute): a TOA5 file of 500,000
// rows × 20 columns imported through the API (BENCH_IMPORT=off). Issue 31's table (under a minute): the
// devices table of 2,000 rows opened and searched in headless Chromium (BENCH_DEVICES_TABLE=off). Each
// in its own process too. Issue 34's recomputation (about a minute): a calibration 1 year back on a
// 5-minute piezometer, while other devices send readings (BENCH_RECOMPUTE=off). Issue 36's field link
// (about three minutes): signing in through a throttled connection to the landing dashboard, over
// HTTPS and HTTP/2 as a site reached over the internet is served (BENCH_FIELD_LINK=off). A bench that fails is named at the end; the others still run.
for (const [variable, file] of [
  ['BENCH_ZOOM', 'chart-zoom.ts'],
  ['BENCH_HEATMAP', 'heatmap.ts'],
  ['BENCH_MAP', 'state-map.ts'],
  ['BENCH_ALARMS', 'alarm-hour.ts'],
  ['BENCH_MEDIA', 'media.ts'],
  ['BENCH_CROSS_SECTION', 'cross-section-data.ts'],
  ['BENCH_CROSS_SECTION_DRAW', 'cross-section-draw.ts'],
  ['BENCH_ENVELOPE', 'envelope.ts'],
  ['BENCH_REGISTER', 'register.ts'],
  ['BENCH_IMPORT', 'logger-import.ts'],
  ['BENCH_DEVICES_TABLE', 'devices-table.ts'],
  ['BENCH_RECOMPUTE', 'recompute.ts'],
  ['BENCH_FIELD_LINK', 'field-link.ts'],
] as const) {
  if (process.env[variable] !== 'off') runBench(file);
}

// Issue 6's notification budgets (about a minute): ingest → stream latency under load, 1000 stream
// clients. Its own process too; BENCH_NOTIFICATIONS=off skips it.
if (process.env.BENCH_NOTIFICATIONS !== 'off') runBench('notifications.ts');

// Issue 38's call-out flood (about two minutes): 500 alarms in a minute to e-mail and SMS on loopback.
if (process.env.BENCH_CALL_OUT !== 'off') runBench('call-out-flood.ts');

// Issue 39's monthly report (a minute or two, most of it the demo's history): a report of Cerro Azul made
// while ingest runs, the server in its own process; BENCH_REPORTS=off skips it.
if (process.env.BENCH_REPORTS !== 'off') runBench('report-generation.ts');

// Issue 5's metrics workload (several minutes: 6.9 M values through HTTP); BENCH_METRICS=off skips it.
// It runs in a process of its own, so that the heap and sockets of the measurements above do not
// weigh on its figures.
if (process.env.BENCH_METRICS !== 'off') runBench('metrics.ts');

// The budget table at the top of RESULTS.md, from the entries appended above (and earlier runs').
runBench('summary.ts');

if (failed.length) {
  console.error(`\nbenches that failed: ${failed.map((f) => `bench/${f}`).join(', ')}`);
  process.exitCode = 1;
}

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpCall } from './measure.ts';
import {
  BATCH,
  DAY_MS,
  INGEST_CONCURRENCY,
  INSTRUMENTS,
  Q1_BUCKET_SECONDS,
  READINGS,
  STEP_MS,
  STEPS,
  batchReadings,
  eidOf,
  measure,
  piezometricLevel,
  queryRounds,
  rawValues,
} from './metrics-workload.ts';
import type { Row } from './report.ts';

/**
 * Issue 5's workload on InfluxDB 1.6, side by side with Vigil's own storage: a private `influxd` on
 * free ports of 127.0.0.1 with its files in a temporary folder, the same readings written with line
 * protocol, and Q1–Q3 in InfluxQL measured as bench/metrics.ts measures the metrics API.
 */

const DATABASE = 'vigil_bench';
const MEASUREMENT = 'readings';

/**
 * A shard's cache is written to a TSM file once it holds 25 MB or has had no writes for this long
 * (10 min by default). The workload's 7-day shards stay under 25 MB, so by default every query of
 * the first 10 minutes would read the in-memory cache (Q2 and Q3 took 1.5 to 2.5 times as long in a
 * trial); the bench shortens the wait and measures once the snapshots are written.
 */
const SNAPSHOT_COLD_SECONDS = 10;

/** What differs from the Vigil runs, for the notes under the table. */
export const INFLUX_NOTES =
  'the calculated metric piezometric_level is computed by the bench client and written as a fourth field ' +
  '(Vigil computes it on ingest); no state evaluation, no rules engine and no idempotency check ' +
  '(a repeated point silently overwrites); line protocol (`POST /write?precision=ms`, one point = one reading ' +
  'with 4 fields, tag `entity` = eid) instead of JSON; no authentication. Ingest is counted until the last ' +
  'write was acknowledged (in the WAL, fsync per write); the queries run once influxd has written its cache to ' +
  `TSM files (cache-snapshot-write-cold-duration ${SNAPSHOT_COLD_SECONDS} s instead of 10 min), on raw points: no ` +
  'continuous queries or downsampling (Vigil answers Q3 from its daily rollups). ' +
  'Q2 is `last(pressure)` with the other fields as auxiliary ones: `last(*)` answers time 0 (several ' +
  'selectors) and `ORDER BY time DESC LIMIT 1` lists the entities in reverse order. Q3 is one query per ' +
  'function, like the three calls to the metrics API.';

export interface InfluxRun {
  label: string;
  ingest: { batches: number; points: number; values: number; seconds: number };
  size: string;
  q1Points: string;
  queries: string[];
  rows: Row[];
  rounds: string[];
}

function which(binary: string): string | undefined {
  try {
    return execFileSync('which', [binary], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** `InfluxDB 1.6.7~rc0 (Debian)` from `influxd version`, and from dpkg when the binary is packaged. */
function versionLabel(binary: string): string {
  const out = execFileSync(binary, ['version'], { encoding: 'utf8' });
  const version = /v(\d[^\s]*)/.exec(out)?.[1] ?? out.trim();
  try {
    execFileSync('dpkg', ['-S', binary], { stdio: 'ignore' });
    return `InfluxDB ${version} (Debian)`;
  } catch {
    return `InfluxDB ${version}`;
  }
}

/** Free ports of 127.0.0.1, all held until every one is known, so that they differ. */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let n = 0; n < count; n++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((s) => (s.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

/**
 * influxd's configuration: everything in `dir`, HTTP and RPC on the given ports of 127.0.0.1, nothing
 * else listening; default storage settings but SNAPSHOT_COLD_SECONDS.
 */
function config(dir: string, httpPort: number, rpcPort: number): string {
  return `reporting-enabled = false
bind-address = "127.0.0.1:${rpcPort}"

[meta]
  dir = "${join(dir, 'meta')}"
  retention-autocreate = true
  logging-enabled = false

[data]
  dir = "${join(dir, 'data')}"
  wal-dir = "${join(dir, 'wal')}"
  query-log-enabled = false
  cache-snapshot-write-cold-duration = "${SNAPSHOT_COLD_SECONDS}s"

[monitor]
  store-enabled = false

[subscriber]
  enabled = false

[http]
  enabled = true
  bind-address = "127.0.0.1:${httpPort}"
  auth-enabled = false
  log-enabled = false
  pprof-enabled = false
  unix-socket-enabled = false

[ifql]
  enabled = false

[logging]
  level = "warn"
  suppress-logo = true

[[graphite]]
  enabled = false

[[collectd]]
  enabled = false

[[opentsdb]]
  enabled = false

[[udp]]
  enabled = false

[continuous_queries]
  enabled = false
`;
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

async function waitForPing(base: string, child: ChildProcess, log: string) {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`influxd exited with ${child.exitCode}:\n${tail(log)}`);
    try {
      const res = await fetch(`${base}/ping`);
      await res.arrayBuffer();
      if (res.status === 204) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`influxd did not answer /ping within 30 s:\n${tail(log)}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The files under `path` whose names end in `suffix` (all files for ''), recursively. */
function filesOf(path: string, suffix = ''): string[] {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return path.endsWith(suffix) ? [path] : [];
  return readdirSync(path).flatMap((name) => filesOf(join(path, name), suffix));
}

/** Bytes allocated on disk under `path` (influxd preallocates its series files sparsely). */
const diskBytes = (paths: string[]) =>
  paths.flatMap((p) => filesOf(p)).reduce((n, f) => n + statSync(f).blocks * 512, 0);

/** Waits until influxd has written every shard's cache to TSM files and emptied its WAL; returns the seconds. */
async function waitForSnapshots(dir: string): Promise<number> {
  const t0 = performance.now();
  const limit = (SNAPSHOT_COLD_SECONDS + 120) * 1000;
  while (performance.now() - t0 < limit) {
    const wal = filesOf(join(dir, 'wal'), '.wal').reduce((n, f) => n + statSync(f).size, 0);
    if (wal === 0 && filesOf(join(dir, 'data'), '.tsm').length > 0) return (performance.now() - t0) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`influxd still had data in its WAL ${limit / 1000} s after the last write`);
}

/** Batch `b` of the workload as line protocol: the same readings as the JSON batches, plus the calculated field. */
function batchLines(b: number, start: number): string {
  const lines: string[] = [];
  for (const { i, step } of batchReadings(b, INSTRUMENTS, READINGS)) {
    const { pressure, temperature, battery } = rawValues(i, step);
    const level = piezometricLevel(i, Number(pressure));
    lines.push(
      `${MEASUREMENT},entity=${eidOf(i)} pressure=${pressure},temperature=${temperature},battery=${battery},piezometric_level=${level} ${start + step * STEP_MS}`,
    );
  }
  return lines.join('\n');
}

async function ingest(base: string, start: number) {
  const batches = Math.ceil(READINGS / BATCH);
  const url = `${base}/write?db=${DATABASE}&precision=ms`;
  let next = 0;
  let points = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < batches) {
      const b = next++;
      const body = batchLines(b, start);
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
      const text = await res.text();
      if (res.status !== 204) throw new Error(`POST /write answered ${res.status}: ${text.slice(0, 300)}`);
      points += Math.min(READINGS, (b + 1) * BATCH) - b * BATCH;
      if (b % 200 === 0) console.log(`  ingested batch ${b + 1}/${batches}`);
    }
  };
  await Promise.all(Array.from({ length: INGEST_CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;
  return { batches, points, values: points * 4, seconds };
}

interface Series {
  tags?: Record<string, string>;
  columns: string[];
  values: Array<Array<number | null>>;
}

/** The series of a /query answer (one statement); an error in the body throws. */
async function query(base: string, q: string): Promise<Series[]> {
  const res = await fetch(queryUrl(base, q));
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /query answered ${res.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { error?: string; results?: Array<{ error?: string; series?: Series[] }> };
  const error = body.error ?? body.results?.[0]?.error;
  if (error) throw new Error(`InfluxDB: ${error} in ${q}`);
  return body.results?.[0]?.series ?? [];
}

const queryUrl = (base: string, q: string) =>
  `${base}/query?db=${DATABASE}&epoch=ms&q=${encodeURIComponent(q).replaceAll('%20', '+')}`;

/** The workload's pressure values of instrument i at times in [from, to], aggregated as InfluxDB's `fn` does. */
function expected(fn: 'mean' | 'min' | 'max', i: number, start: number, from: number, to: number): number {
  const values: number[] = [];
  for (let step = Math.max(0, Math.ceil((from - start) / STEP_MS)); step < STEPS; step++) {
    if (start + step * STEP_MS > to) break;
    values.push(Number(rawValues(i, step).pressure));
  }
  if (fn === 'min') return Math.min(...values);
  if (fn === 'max') return Math.max(...values);
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Distinct buckets of `width` ms (aligned to the epoch) that hold a reading at a time in [from, to]. */
function bucketsWithData(width: number, start: number, from: number, to: number): number {
  const buckets = new Set<number>();
  for (let step = 0; step < STEPS; step++) {
    const t = start + step * STEP_MS;
    if (t >= from && t <= to) buckets.add(Math.floor(t / width));
  }
  return buckets.size;
}

/** Checks one answer's shape: one series per entity of `eids`, `rows` rows each; returns the rows in all. */
function checkShape(name: string, series: Series[], eids: string[], rows: number): number {
  const got = series.map((s) => s.tags?.entity ?? '?');
  if (got.length !== eids.length || eids.some((e, n) => got[n] !== e)) {
    throw new Error(`${name}: expected ${eids.length} series (${eids[0]}…), got ${got.length} (${got[0]}…)`);
  }
  const wrong = series.find((s) => s.values.length !== rows || s.values.some((v) => v.some((x) => x === null)));
  if (wrong) throw new Error(`${name}: ${wrong.tags?.entity} has ${wrong.values.length} rows (or nulls), not ${rows}`);
  return series.reduce((n, s) => n + s.values.length, 0);
}

/** Checks the value in column `column` of row `row` of the first series (instrument 0). */
function checkValue(name: string, series: Series[], row: number, column: string, value: number) {
  const s = series[0]!;
  const got = s.values[row]?.[s.columns.indexOf(column)];
  if (typeof got !== 'number' || Math.abs(got - value) > 1e-9 * Math.max(1, Math.abs(value))) {
    throw new Error(`${name}: ${column} of ${s.tags?.entity} row ${row} is ${got}, expected ${value}`);
  }
}

const iso = (t: number) => new Date(t).toISOString();

/**
 * Runs the workload on a private influxd over [start, end) (the readings' range of the SQLite run);
 * undefined when no `influxd` binary is installed. influxd and its files are gone when this returns.
 */
export async function benchInflux(window: { start: number; end: number }): Promise<InfluxRun | undefined> {
  const binary = which('influxd');
  if (!binary) return undefined;
  const { start, end } = window;
  const label = versionLabel(binary);
  console.log(`metrics workload on ${label}`);
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-influx-'));
  const log = join(dir, 'influxd.log');
  let child: ChildProcess | undefined;
  try {
    const [httpPort, rpcPort] = await freePorts(2);
    const configFile = join(dir, 'influxdb.conf');
    writeFileSync(configFile, config(dir, httpPort!, rpcPort!));
    const logFd = openSync(log, 'a');
    try {
      child = spawn(binary, ['run', '-config', configFile], { stdio: ['ignore', logFd, logFd] });
    } finally {
      closeSync(logFd);
    }
    child.on('error', () => {}); // a failed start shows as exitCode in waitForPing
    const base = `http://127.0.0.1:${httpPort}`;
    await waitForPing(base, child, log);
    const created = await fetch(`${base}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `q=${encodeURIComponent(`CREATE DATABASE ${DATABASE}`)}`,
    });
    const createdText = await created.text();
    if (created.status !== 200 || createdText.includes('"error"')) {
      throw new Error(`CREATE DATABASE answered ${created.status}: ${createdText}`);
    }

    const ingested = await ingest(base, start);
    console.log(`  ingest: ${ingested.values} values in ${ingested.seconds.toFixed(1)} s`);
    const stored = [join(dir, 'data'), join(dir, 'wal')];
    const afterWrites = `${(diskBytes(stored) / 1e6).toFixed(0)} MB`;
    const snapshotSeconds = await waitForSnapshots(dir);
    console.log(`  cache written to TSM files ${snapshotSeconds.toFixed(1)} s after the last write`);
    const size = `${afterWrites} after the writes (WAL), ${(diskBytes(stored) / 1e6).toFixed(0)} MB once written to TSM files ${snapshotSeconds.toFixed(0)} s later`;

    const eids = Array.from({ length: INSTRUMENTS }, (_, i) => eidOf(i));
    const q1From = end - 7 * DAY_MS;
    const entities = eids
      .slice(0, 10)
      .map((e) => `"entity" = '${e}'`)
      .join(' OR ');
    const q1 =
      `SELECT mean("pressure") FROM "${MEASUREMENT}" WHERE (${entities}) AND time >= '${iso(q1From)}' AND time <= '${iso(end)}' ` +
      `GROUP BY time(${Q1_BUCKET_SECONDS}s), "entity" fill(none)`;
    // last(*) would answer each field's last value with time 0 (several selectors); a selector with the
    // other fields as auxiliary ones keeps the reading together, with its time.
    const q2 = `SELECT last("pressure") AS "pressure", "temperature", "battery", "piezometric_level" FROM "${MEASUREMENT}" GROUP BY "entity"`;
    const q3 = (fn: string) =>
      `SELECT ${fn}("pressure") FROM "${MEASUREMENT}" WHERE time >= '${iso(start)}' AND time <= '${iso(end)}' ` +
      `GROUP BY time(1d), "entity" fill(none)`;

    // Each answer's shape and one value, once, so that a wrong query cannot pass for a fast one.
    const q1Width = Q1_BUCKET_SECONDS * 1000;
    const q1Series = await query(base, q1);
    const q1Rows = checkShape('Q1', q1Series, eids.slice(0, 10), bucketsWithData(q1Width, start, q1From, end));
    const q1First = q1Series[0]!.values[0]![0]!;
    checkValue('Q1', q1Series, 0, 'mean', expected('mean', 0, start, Math.max(q1From, q1First), q1First + q1Width - 1));
    const q2Series = await query(base, q2);
    checkShape('Q2', q2Series, eids, 1);
    if (q2Series.some((s) => s.values[0]![0] !== start + (STEPS - 1) * STEP_MS)) {
      throw new Error(`Q2: a latest reading is not at ${iso(start + (STEPS - 1) * STEP_MS)}`);
    }
    checkValue('Q2', q2Series, 0, 'pressure', Number(rawValues(0, STEPS - 1).pressure));
    checkValue('Q2', q2Series, 0, 'piezometric_level', piezometricLevel(0, Number(rawValues(0, STEPS - 1).pressure)));
    const days = bucketsWithData(DAY_MS, start, start, end);
    for (const fn of ['min', 'max', 'mean'] as const) {
      const series = await query(base, q3(fn));
      checkShape(`Q3 ${fn}`, series, eids, days);
      const first = series[0]!.values[0]![0]!;
      checkValue(`Q3 ${fn}`, series, 0, fn, expected(fn, 0, start, Math.max(start, first), first + DAY_MS - 1));
    }

    const best = await queryRounds(async () => {
      const rows: Row[] = [];
      await measure(rows, 'Q1 GET /query: 10 entities × 7 days, 2000 buckets, mean', httpCall(queryUrl(base, q1)), 300);
      await measure(rows, 'Q2 GET /query: last reading of 200 entities', httpCall(queryUrl(base, q2)), 1000);
      for (const fn of ['min', 'max', 'mean']) {
        await measure(
          rows,
          `Q3 GET /query: daily ${fn}, 200 entities × 30 days`,
          httpCall(queryUrl(base, q3(fn))),
          300,
        );
      }
      return rows;
    });
    return {
      label,
      ingest: ingested,
      size,
      q1Points: `${q1Series.length} series, ${q1Rows} points`,
      queries: [q1, q2, `${q3('min')} (and max, mean)`],
      rows: best.rows,
      rounds: best.rounds,
    };
  } catch (error) {
    const logged = tail(log);
    if (logged) console.error(`influxd's log:\n${logged}`);
    throw error;
  } finally {
    if (child) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

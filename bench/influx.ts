import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { MEASUREMENT, writeLines } from './line-protocol.ts';
import {
  DAY_MS,
  INSTRUMENTS,
  Q1_BUCKET_SECONDS,
  STEP_MS,
  STEPS,
  eidOf,
  measure,
  piezometricLevel,
  queryRounds,
  rawValues,
} from './metrics-workload.ts';
import { freePorts, isPackaged, startLogged, stop, tail, waitForAnswer, which } from './private-server.ts';
import type { Row } from './report.ts';
import { diskBytes, filesOf, type Storage } from './storage-size.ts';

/**
 * Issue 5's workload on InfluxDB 1.6, side by side with Vigil's own storage: a private `influxd` on
 * free ports of 127.0.0.1 with its files in a temporary folder, the same readings written with line
 * protocol, and Q1–Q3 in InfluxQL measured as bench/metrics.ts measures the metrics API.
 */

const DATABASE = 'vigil_bench';

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
  /** what influxd keeps on disk once its cache is written to TSM files */
  storage: Storage;
  q1Points: string;
  queries: string[];
  rows: Row[];
  rounds: string[];
}

/** `InfluxDB 1.6.7~rc0 (Debian)` from `influxd version`, and from dpkg when the binary is packaged. */
function versionLabel(binary: string): string {
  const out = execFileSync(binary, ['version'], { encoding: 'utf8' });
  const version = /v(\d[^\s]*)/.exec(out)?.[1] ?? out.trim();
  return isPackaged(binary) ? `InfluxDB ${version} (Debian)` : `InfluxDB ${version}`;
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
    child = startLogged(binary, ['run', '-config', configFile], log);
    const base = `http://127.0.0.1:${httpPort}`;
    await waitForAnswer(`${base}/ping`, 204, child, log);
    const created = await fetch(`${base}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `q=${encodeURIComponent(`CREATE DATABASE ${DATABASE}`)}`,
    });
    const createdText = await created.text();
    if (created.status !== 200 || createdText.includes('"error"')) {
      throw new Error(`CREATE DATABASE answered ${created.status}: ${createdText}`);
    }

    const ingested = await writeLines(`${base}/write?db=${DATABASE}&precision=ms`, start);
    console.log(`  ingest: ${ingested.values} values in ${ingested.seconds.toFixed(1)} s`);
    const stored = [join(dir, 'data'), join(dir, 'wal')];
    const afterWrites = `${(diskBytes(stored) / 1e6).toFixed(0)} MB`;
    const snapshotSeconds = await waitForSnapshots(dir);
    console.log(`  cache written to TSM files ${snapshotSeconds.toFixed(1)} s after the last write`);
    const storage: Storage = {
      bytes: diskBytes(stored),
      parts: stored.map((folder) => ({ table: 'shards', part: `${basename(folder)}/`, bytes: diskBytes([folder]) })),
      how: 'data/ and wal/ once the cache is written to TSM files, allocated blocks',
    };
    const size = `${afterWrites} after the writes (WAL), ${(storage.bytes / 1e6).toFixed(0)} MB once written to TSM files ${snapshotSeconds.toFixed(0)} s later`;

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
      await measure(rows, 'Q1 GET /query: 10 entities × 7 days, 2000 buckets, mean', { url: queryUrl(base, q1) }, 300);
      await measure(rows, 'Q2 GET /query: last reading of 200 entities', { url: queryUrl(base, q2) }, 1000);
      for (const fn of ['min', 'max', 'mean']) {
        await measure(rows, `Q3 GET /query: daily ${fn}, 200 entities × 30 days`, { url: queryUrl(base, q3(fn)) }, 300);
      }
      return rows;
    });
    return {
      label,
      ingest: ingested,
      size,
      storage,
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

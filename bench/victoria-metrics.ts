import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEASUREMENT, writeLines } from './line-protocol.ts';
import { DAYS } from './metrics-workload.ts';
import { freePorts, isPackaged, startLogged, stop, tail, waitForAnswer, which } from './private-server.ts';
import { diskBytes, type Storage } from './storage-size.ts';

/**
 * Issue 5's workload on VictoriaMetrics (issue 37: what a time-series database keeps on disk for the
 * same values): a private `victoria-metrics` on a free port of 127.0.0.1 with its data in a temporary
 * folder, the same readings written with InfluxDB line protocol (its `POST /write`), counted back with
 * MetricsQL, flushed and merged, then the folder's allocated bytes. Storage only: no queries measured.
 */

/** What differs from the Vigil runs, for the notes under the table. */
export const VICTORIA_METRICS_NOTES =
  'the calculated metric piezometric_level is computed by the bench client and written as a fourth field; ' +
  'each field is a series of its own (`readings_pressure{entity="BENCH-PZ-000"}`, …); values are kept as ' +
  'decimal mantissa and exponent (float64 with more than about 15 significant digits rounds); no rules engine, ' +
  'no authentication, no payload kept for audit. Measured after `/internal/force_flush` and `/internal/force_merge` ' +
  'once no merge was running, and after it stopped (everything written): the folders data/ (samples) and indexdb/ (series index), allocated blocks (its ' +
  'caches, written at shutdown, not counted).';

export interface VictoriaMetricsRun {
  label: string;
  ingest: { batches: number; points: number; values: number; seconds: number };
  /** bytes on disk once flushed, before the forced merge */
  flushedBytes: number;
  /** seconds from the forced merge's start until no merge ran and the folder stopped changing */
  mergeSeconds: number;
  storage: Storage;
}

/** `VictoriaMetrics 1.79.5 (Debian)`: the Debian build does not know its version, dpkg does. */
function versionLabel(binary: string): string {
  if (!isPackaged(binary)) return 'VictoriaMetrics';
  const version = execFileSync('dpkg-query', ['-W', '-f', '${Version}', 'victoria-metrics'], { encoding: 'utf8' });
  return `VictoriaMetrics ${version.split('+')[0]} (Debian)`;
}

/** The sum of the samples of every series of the workload in [start, end), as MetricsQL counts them. */
async function storedValues(base: string, end: number): Promise<number> {
  // a range vector is (t - window, t]: one minute more reaches the first reading, at t - DAYS days
  const query = `sum(count_over_time({__name__=~"${MEASUREMENT}_.*"}[${DAYS * 1440 + 1}m]))`;
  const url = `${base}/api/v1/query?query=${encodeURIComponent(query)}&time=${(end - 1) / 1000}`;
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /api/v1/query answered ${res.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { data: { result: Array<{ value: [number, string] }> } };
  return Number(body.data.result[0]?.value[1] ?? 0);
}

/** The sum of the samples of `/metrics` lines named `name` (any labels). */
async function gauge(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((n, line) => n + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Polls until `done` answers true, every 500 ms for at most `limitMs`; throws naming `what`. */
async function until(what: string, limitMs: number, done: () => Promise<boolean>) {
  const t0 = performance.now();
  while (!(await done())) {
    if (performance.now() - t0 > limitMs) throw new Error(`VictoriaMetrics: ${what} not within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return (performance.now() - t0) / 1000;
}

/**
 * Waits until no rows are pending, no merge runs and the folders keep their size for 5 s (its flush
 * to files trails `/internal/force_flush` by a few seconds, unannounced).
 */
async function settled(base: string, stored: string[], limitMs: number) {
  let last = -1;
  let stableSince = performance.now();
  return until('merges finished and the folder settled', limitMs, async () => {
    const busy =
      (await gauge(base, 'vm_pending_rows')) +
      (await gauge(base, 'vm_active_merges')) +
      (await gauge(base, 'vm_active_force_merges'));
    const bytes = diskBytes(stored);
    if (busy > 0 || bytes !== last) {
      last = bytes;
      stableSince = performance.now();
      return false;
    }
    return performance.now() - stableSince >= 5000;
  });
}

/**
 * Writes the workload over [start, end) (the SQLite run's range) to a private victoria-metrics and
 * measures what it keeps; undefined when no `victoria-metrics` binary is installed. The process and
 * its files are gone when this returns.
 */
export async function benchVictoriaMetrics(window: {
  start: number;
  end: number;
}): Promise<VictoriaMetricsRun | undefined> {
  const binary = which('victoria-metrics');
  if (!binary) return undefined;
  const label = versionLabel(binary);
  console.log(`metrics workload on ${label} (storage)`);
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-victoria-metrics-'));
  const log = join(dir, 'victoria-metrics.log');
  const dataPath = join(dir, 'storage');
  let child: ChildProcess | undefined;
  try {
    const [port] = await freePorts(1);
    const base = `http://127.0.0.1:${port}`;
    // retention: the default (1 month) would drop the oldest readings of a 30-day run at its edge
    child = startLogged(
      binary,
      [
        `-storageDataPath=${dataPath}`,
        `-httpListenAddr=127.0.0.1:${port}`,
        '-retentionPeriod=100y',
        '-loggerLevel=WARN',
      ],
      log,
    );
    await waitForAnswer(`${base}/health`, 200, child, log);

    const ingest = await writeLines(`${base}/write?precision=ms`, window.start);
    console.log(`  ingest: ${ingest.values} values in ${ingest.seconds.toFixed(1)} s`);
    const flush = await fetch(`${base}/internal/force_flush`);
    await flush.arrayBuffer();
    if (flush.status !== 200) throw new Error(`/internal/force_flush answered ${flush.status}`);
    // every value written is there: none dropped as out of retention or unparsed
    await until(
      `all ${ingest.values} values searchable`,
      60_000,
      async () => (await storedValues(base, window.end)) === ingest.values,
    );
    const stored = [join(dataPath, 'data'), join(dataPath, 'indexdb')];
    await settled(base, stored, 600_000);
    const flushedBytes = diskBytes(stored);

    const merge = await fetch(`${base}/internal/force_merge`);
    await merge.arrayBuffer();
    if (merge.status !== 200) throw new Error(`/internal/force_merge answered ${merge.status}`);
    const mergeSeconds = await settled(base, stored, 600_000);
    // stopped, it has written everything it held in memory
    await stop(child);
    const parts = [
      { table: 'samples', part: 'data/small', bytes: diskBytes([join(dataPath, 'data', 'small')]) },
      { table: 'samples', part: 'data/big', bytes: diskBytes([join(dataPath, 'data', 'big')]) },
      { table: 'series index', part: 'indexdb', bytes: diskBytes([join(dataPath, 'indexdb')]) },
    ];
    const bytes = diskBytes(stored);
    console.log(`  on disk: ${(flushedBytes / 1e6).toFixed(1)} MB flushed, ${(bytes / 1e6).toFixed(1)} MB merged`);
    return {
      label,
      ingest,
      flushedBytes,
      mergeSeconds,
      storage: {
        bytes,
        parts,
        how: 'data/ and indexdb/ after a forced flush and merge and a clean stop, allocated blocks',
      },
    };
  } catch (error) {
    const logged = tail(log);
    if (logged) console.error(`victoria-metrics's log:\n${logged}`);
    throw error;
  } finally {
    if (child) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

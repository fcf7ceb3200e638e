import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { percentile, type Series } from './measure.ts';
import type { Row } from './report.ts';

/**
 * Issue 5's workload, the one definition every store is measured on (bench/metrics.ts for Vigil on
 * SQLite and PostgreSQL, bench/influx.ts for InfluxDB 1.6): 200 instruments × 4 metrics (3 raw,
 * 1 calculated), a reading every 5 minutes for 30 days (6.9 M values), sent in batches of 1000
 * readings by 2 concurrent clients; and how its queries are measured.
 */
export const INSTRUMENTS = 200;
/** 30 as issue 5 sets it; BENCH_METRICS_DAYS shortens a smoke run. */
export const DAYS = Number(process.env.BENCH_METRICS_DAYS ?? 30);
export const STEP_MS = 5 * 60_000;
export const BATCH = 1000;
export const INGEST_CONCURRENCY = 2;
export const DAY_MS = 86_400_000;
/** Time steps of the workload (8640 for 30 days) and readings in all (one per instrument and step). */
export const STEPS = (DAYS * DAY_MS) / STEP_MS;
export const READINGS = STEPS * INSTRUMENTS;

export const SCHEME = {
  metrics: {
    raw_metrics: [
      { key: 'pressure', label: 'Pressure', unit: 'kPa' },
      { key: 'temperature', label: 'Temperature', unit: '°C' },
      { key: 'battery', label: 'Battery', unit: 'V' },
    ],
    calculated_metrics: [
      { key: 'piezometric_level', label: 'Piezometric level', unit: 'm', formula: 'tip_elevation + pressure / 9.8068' },
    ],
    context_metrics: [{ key: 'tip_elevation', label: 'Tip elevation', unit: 'm' }],
    user_metrics: [],
  },
  // As every piezometer of a tailings dam has: alarm levels, which also make the rules engine follow
  // the level with its limits and Nelson's rules. Above the workload's values, so that it raises none.
  metric_limits: [
    { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 480 },
    { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 500 },
  ],
  invalid_bounds: [],
};

/** Instrument i's external id: BENCH-PZ-000 … BENCH-PZ-199. */
export const eidOf = (i: number) => `BENCH-PZ-${String(i).padStart(3, '0')}`;

/** Instrument i's context value tip_elevation (m). */
export const tipElevation = (i: number) => 400 + i / 10;

/** SCHEME's calculated metric, for a store that does not compute it (InfluxDB: the bench client does). */
export const piezometricLevel = (i: number, pressure: number) => tipElevation(i) + pressure / 9.8068;

/** Raw values of one reading, as the decimal text sent on the wire. */
export interface RawValues {
  pressure: string;
  temperature: string;
  battery: string;
}

/** The raw values of instrument i at time step `step`. */
export function rawValues(i: number, step: number): RawValues {
  const wave = Math.sin(step / 288 + i);
  return {
    pressure: (150 + i + 20 * wave + ((step * 7 + i) % 10) / 10).toFixed(3),
    temperature: (12 + 3 * wave).toFixed(2),
    battery: (3.6 - step / 100_000).toFixed(4),
  };
}

/**
 * The readings of batch `b` (BATCH of them, the last one shorter) among `total` readings of
 * `instruments` instruments: step by step, oldest first, all instruments in each step.
 */
export function* batchReadings(b: number, instruments: number, total: number): Generator<{ i: number; step: number }> {
  for (let r = b * BATCH; r < Math.min(total, (b + 1) * BATCH); r++) {
    yield { i: r % instruments, step: Math.floor(r / instruments) };
  }
}

/** The workload's time range: DAYS days up to now, rounded down to a step; the readings are at [start, end). */
export function workloadWindow(now = Date.now()) {
  const end = Math.floor(now / STEP_MS) * STEP_MS;
  return { start: end - DAYS * DAY_MS, end };
}

/** Q1's buckets: 2000 over 7 days, in whole seconds, as the metrics API computes them for sample_size 2000. */
export const Q1_SAMPLE_SIZE = 2000;
export const Q1_BUCKET_SECONDS = Math.floor((7 * DAY_MS) / 1000 / Q1_SAMPLE_SIZE);

/** Rounds of queries at most, and the share of other work under which a round counts as quiet. */
const QUERY_ROUNDS = 3;
const QUIET_LOAD = 0.1;
const percent = (share: number) => (Number.isNaN(share) ? 'an unknown share of' : `${Math.round(share * 100)} %`);

/** CPU time of the whole machine (ms, from /proc/stat) and of this process, to tell load from elsewhere. */
function cpuTimes() {
  let machine = NaN;
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: busy = all but idle and iowait, in 10 ms ticks
    machine = (fields.slice(0, 8).reduce((a, b) => a + b, 0) - fields[3]! - fields[4]!) * 10;
  } catch {
    // not Linux: the share of other work is not reported
  }
  const own = process.cpuUsage();
  return { machine, own: (own.user + own.system) / 1000, at: performance.now() };
}

/** The share of the machine's CPU that other processes used since `before`. */
function othersShare(before: ReturnType<typeof cpuTimes>): number {
  const after = cpuTimes();
  const others = after.machine - before.machine - (after.own - before.own);
  return Math.max(0, others / ((after.at - before.at) * availableParallelism()));
}

/** A query measured by {@link measure}: what is asked, and how many times at most. */
export interface QueryCall {
  url: string;
  init?: RequestInit;
  maxCalls: number;
}

/**
 * Asks `query` one call at a time (a warm-up of a tenth of `maxCalls`, then at most `maxCalls` calls
 * or 30 s) in a thread of its own (bench/query-client.ts), and adds its latencies as a row: the
 * client's work (building requests, decompressing and reading answers) stays out of the measured
 * server's event loop, as the ingest client's does.
 */
export async function measure(rows: Row[], measurement: string, query: Omit<QueryCall, 'maxCalls'>, maxCalls: number) {
  const client = new Worker(new URL('./query-client.ts', import.meta.url), {
    workerData: { ...query, maxCalls } satisfies QueryCall,
  });
  const series = await new Promise<Series>((resolve, reject) => {
    client.once('message', resolve);
    client.once('error', reject);
    client.once('exit', (code) => reject(new Error(`the query client exited (${code}) before its figures arrived`)));
  });
  await client.terminate();
  rows.push({
    measurement,
    concurrency: 1,
    calls: series.count,
    ratePerSecond: (series.count / series.durationMs) * 1000,
    p50Ms: percentile(series.latenciesMs, 50),
    p99Ms: percentile(series.latenciesMs, 99),
  });
  console.log(`  ${measurement}: p50 ${percentile(series.latenciesMs, 50).toFixed(1)} ms`);
}

/**
 * The machine may be shared: runs `round` (which measures Q1 first) up to QUERY_ROUNDS times, until
 * one ran with little other work; returns the rows of the round with the least, its share of other
 * work, and every round's Q1 for the notes.
 */
export async function queryRounds(round: () => Promise<Row[]>) {
  const rounds: Array<{ rows: Row[]; otherLoad: number }> = [];
  do {
    const started = cpuTimes();
    const rows = await round();
    rounds.push({ rows, otherLoad: othersShare(started) });
  } while (rounds.length < QUERY_ROUNDS && !(rounds.at(-1)!.otherLoad < QUIET_LOAD));
  const best = rounds.reduce((a, b) => (b.otherLoad < a.otherLoad ? b : a));
  return {
    rows: best.rows,
    otherLoad: best.otherLoad,
    rounds: rounds.map((r) => `Q1 p50 ${r.rows[0]!.p50Ms!.toFixed(1)} ms with ${percent(r.otherLoad)} other work`),
  };
}

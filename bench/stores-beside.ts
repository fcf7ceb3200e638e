import { benchInflux, INFLUX_NOTES, type InfluxRun } from './influx.ts';
import { BATCH, INGEST_CONCURRENCY } from './metrics-workload.ts';
import type { Row } from './report.ts';
import type { StoredValues } from './storage-report.ts';
import { benchVictoriaMetrics, VICTORIA_METRICS_NOTES, type VictoriaMetricsRun } from './victoria-metrics.ts';

/**
 * The stores measured beside Vigil on the metrics workload (bench/metrics.ts): InfluxDB (bench/influx.ts)
 * and VictoriaMetrics (bench/victoria-metrics.ts), each run over the SQLite run's time range unless its
 * switch is off, and what each adds to the entry: its notes, its table rows, its bytes on disk.
 */
export interface Beside {
  lines: string[];
  rows: Row[];
  stored?: StoredValues;
}

type Outcome<T> = T | undefined | 'off' | Error;

/** Runs `bench` unless `switchOff` is set to off; its error is kept for the table, not thrown. */
async function runUnlessOff<T>(name: string, switchOff: string, bench: () => Promise<T>): Promise<T | 'off' | Error> {
  if (process.env[switchOff] === 'off') return 'off';
  try {
    return await bench();
  } catch (error) {
    console.error(`${name} run failed:`, error);
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** The table's row for a store that did not run: off, not installed, or failed. */
function notRun(store: string, switchOff: string, binary: string, outcome: undefined | 'off' | Error): Beside {
  const note =
    outcome === undefined
      ? `not available (no ${binary} binary)`
      : outcome === 'off'
        ? `not measured: ${switchOff}=off`
        : `failed: ${outcome.message.split('\n')[0]}`;
  return { lines: [], rows: [{ measurement: store, concurrency: 1, note }] };
}

const writeRow = (label: string, ingest: { batches: number; seconds: number }): Row => ({
  measurement: `${label}: POST /write (line protocol), ${BATCH} points × 4 values`,
  concurrency: INGEST_CONCURRENCY,
  calls: ingest.batches,
  ratePerSecond: ingest.batches / ingest.seconds,
});

function influxBeside(influx: Outcome<InfluxRun>): Beside {
  if (influx === undefined || influx === 'off' || influx instanceof Error) {
    return notRun('InfluxDB 1.6', 'BENCH_INFLUX', 'influxd', influx);
  }
  const { ingest } = influx;
  const line =
    `- ${influx.label}: wrote ${ingest.points} points = ${ingest.values} values in ${ingest.batches} requests of ${BATCH} points ` +
    `(${INGEST_CONCURRENCY} concurrent clients) in ${ingest.seconds.toFixed(1)} s: **${Math.round(ingest.values / ingest.seconds)} values/s**` +
    `; on disk ${influx.size}; Q1 answers ${influx.q1Points}. Query rounds (influxd's own work ` +
    `counts as other work, as PostgreSQL's does): ${influx.rounds.join('; ')}. The same readings and time range as ` +
    `the SQLite run, on a private influxd (temporary data folder). What differs: ${INFLUX_NOTES} ` +
    `Queries (\`GET /query?epoch=ms\`): ${influx.queries.map((q) => `\`${q}\``).join('; ')}.`;
  return {
    lines: [line],
    rows: [
      writeRow(influx.label, ingest),
      ...influx.rows.map((r) => ({ ...r, measurement: `${influx.label}: ${r.measurement}` })),
    ],
    stored: { label: influx.label, values: ingest.values, storage: influx.storage },
  };
}

function victoriaMetricsBeside(victoria: Outcome<VictoriaMetricsRun>): Beside {
  if (victoria === undefined || victoria === 'off' || victoria instanceof Error) {
    return notRun('VictoriaMetrics', 'BENCH_VICTORIA_METRICS', 'victoria-metrics', victoria);
  }
  const { label, ingest, flushedBytes, mergeSeconds, storage } = victoria;
  const line =
    `- ${label}: wrote ${ingest.points} points = ${ingest.values} values in ${ingest.batches} requests of ${BATCH} points ` +
    `(${INGEST_CONCURRENCY} concurrent clients) in ${ingest.seconds.toFixed(1)} s (${Math.round(ingest.values / ingest.seconds)} values/s, ` +
    `every value counted back with MetricsQL); on disk ${(flushedBytes / 1e6).toFixed(1)} MB once flushed, ` +
    `${(storage.bytes / 1e6).toFixed(1)} MB after a forced merge (${mergeSeconds.toFixed(0)} s) and a clean stop. The same readings and time range as ` +
    `the SQLite run, on a private victoria-metrics (temporary data folder); storage only, no queries measured. What differs: ${VICTORIA_METRICS_NOTES}`;
  return { lines: [line], rows: [writeRow(label, ingest)], stored: { label, values: ingest.values, storage } };
}

/** Runs InfluxDB, then VictoriaMetrics, over `window`; what each adds to the entry. */
export async function storesBeside(window: { start: number; end: number }): Promise<Beside[]> {
  const influx = await runUnlessOff('InfluxDB', 'BENCH_INFLUX', () => benchInflux(window));
  const victoria = await runUnlessOff('VictoriaMetrics', 'BENCH_VICTORIA_METRICS', () => benchVictoriaMetrics(window));
  return [influxBeside(influx), victoriaMetricsBeside(victoria)];
}

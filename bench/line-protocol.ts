import {
  BATCH,
  INGEST_CONCURRENCY,
  INSTRUMENTS,
  READINGS,
  STEP_MS,
  batchReadings,
  eidOf,
  piezometricLevel,
  rawValues,
} from './metrics-workload.ts';

/**
 * Issue 5's workload as InfluxDB line protocol, which InfluxDB (bench/influx.ts) and VictoriaMetrics
 * (bench/victoria-metrics.ts) both take at `POST /write?precision=ms`: one point a reading, tag
 * `entity` = eid, the 3 raw values and the calculated one (which Vigil computes on ingest) as fields.
 */
export const MEASUREMENT = 'readings';

/** Batch `b` of the workload: the same readings as the JSON batches, plus the calculated field. */
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

/**
 * Writes the workload from `start` to `url` (a `/write` endpoint taking `precision=ms`), BATCH points a
 * request from INGEST_CONCURRENCY clients, each request answered 204 before the next.
 */
export async function writeLines(url: string, start: number) {
  const batches = Math.ceil(READINGS / BATCH);
  let next = 0;
  let points = 0;
  const t0 = performance.now();
  const client = async () => {
    while (next < batches) {
      const b = next++;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: batchLines(b, start),
      });
      const text = await res.text();
      if (res.status !== 204) throw new Error(`POST /write answered ${res.status}: ${text.slice(0, 300)}`);
      points += Math.min(READINGS, (b + 1) * BATCH) - b * BATCH;
      if (b % 200 === 0) console.log(`  ingested batch ${b + 1}/${batches}`);
    }
  };
  await Promise.all(Array.from({ length: INGEST_CONCURRENCY }, client));
  const seconds = (performance.now() - t0) / 1000;
  return { batches, points, values: points * 4, seconds };
}

import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HeatmapBody, HeatmapResult, InterpolationMethod } from '@vigil/domain';
import { findPiezometers, HISTORY_DAYS, METRIC, serveDemo, signIn } from './dashboard-draw.ts';
import { httpCall, percentile, runLoad } from './measure.ts';
import { cpuBetween, sampleCpu } from './process-cpu.ts';
import { machine, table, type Row } from './report.ts';

/**
 * Issue 18's budget: `metrics/heatmap` for the demo's devices, p50 ≤ 50 ms. The server in this
 * process on a fresh SQLite file with the demo site and its history (as bench/dashboard-draw.ts
 * serves it, without the web app); `POST metrics/heatmap/` over the piezometric level of the demo
 * project's piezometers, each method (inverse-distance weighting, nearest neighbour) at a point in
 * time (the heatmap card's call: the newest value in the hour before now) and over the last 7 days
 * (each device's average), on the card's grid; at concurrency 1, after a warm-up.
 */
export const BUDGET_MS = 50;
const PATH = '/metrics-provider/api/v1/metrics/heatmap/';
const METHODS: InterpolationMethod[] = ['idw', 'nearest'];
const WEEK_MS = 7 * 86_400_000;
/** the heatmap card's grid and look-back (packages/web/src/features/dashboards/model/heatmap-request.ts, the card's default) */
const HEATMAP_GRID = { width: 64, height: 64 };
const LOOK_BACK_S = 3600;
const LOAD = { concurrency: 1, maxCalls: 1000, maxMs: 5000 };
const WARMUP = 50;

async function main() {
  const command = process.env.BENCH_COMMAND ?? 'npx node bench/heatmap.ts';
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-heatmap-'));
  const server = await serveDemo(dataDir, join(dataDir, 'no-web'));
  const rows: Row[] = [];
  const answers: string[] = [];
  let devices: number;
  let projectName: string;
  const before = sampleCpu();
  try {
    console.log(
      `demo history: ${server.readings} readings over ${HISTORY_DAYS} days in ${server.historySeconds.toFixed(1)} s`,
    );
    const signedIn = await signIn(server.base);
    projectName = signedIn.projectName;
    const ids = (await findPiezometers(server.base, signedIn.session.token)).map((p) => p.id);
    devices = ids.length;
    const now = new Date();
    const bodies: Array<[string, HeatmapBody]> = METHODS.flatMap((method): Array<[string, HeatmapBody]> => [
      [
        `${method}, point in time`,
        {
          metric: METRIC,
          time: now.toISOString(),
          interpolation: { method, grid: HEATMAP_GRID },
          time_interval_oversampling: LOOK_BACK_S,
          filters: { monitored_entity_ids: ids },
        },
      ],
      [
        `${method}, last 7 days`,
        {
          metric: METRIC,
          from_time: new Date(now.getTime() - WEEK_MS).toISOString(),
          to_time: now.toISOString(),
          interpolation: { method, grid: HEATMAP_GRID },
          filters: { monitored_entity_ids: ids },
        },
      ],
    ]);
    for (const [name, body] of bodies) {
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${signedIn.session.token}` },
        body: JSON.stringify(body),
      };
      const url = `${server.base}${PATH}`;
      const response = await fetch(url, init);
      const answer = (await response.json()) as HeatmapResult;
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(answer)}`);
      const valued = answer.points.filter((p) => p.value !== null).length;
      if (!valued) throw new Error(`${name}: no device has a value`);
      answers.push(`${name}: ${valued} of ${answer.points.length} devices with a value`);
      await runLoad(httpCall(url, init), { concurrency: 1, maxCalls: WARMUP, maxMs: 10_000 });
      const series = await runLoad(httpCall(url, init), LOAD);
      rows.push({
        measurement: `POST metrics/heatmap/ ${name}`,
        concurrency: 1,
        calls: series.count,
        ratePerSecond: (series.count / series.durationMs) * 1000,
        p50Ms: percentile(series.latenciesMs, 50),
        p99Ms: percentile(series.latenciesMs, 99),
      });
      console.log(`measured ${name}: ${series.count} calls`);
    }
  } finally {
    await server.close();
  }
  const cpu = cpuBetween(before, sampleCpu());
  const verdicts = rows.map(
    (r) => `${r.measurement.replace('POST metrics/heatmap/ ', '')}: ${r.p50Ms! <= BUDGET_MS ? 'met' : '**not met**'}`,
  );
  const section = [
    `- Machine: ${machine()}`,
    `- Node: ${process.version}`,
    `- Command: \`${command}\``,
    `- Set-up: heatmap (issue 18): in-process server on a temporary SQLite file, demo site with ${HISTORY_DAYS} days of history (${server.readings} readings), no simulator; \`POST ${PATH}\` of \`${METRIC}\` over the ${devices} piezometers of ${projectName}: at a point in time (now, each device's newest value in the hour before: the heatmap card's call) and over the last 7 days (each device's average), grid ${HEATMAP_GRID.width}×${HEATMAP_GRID.height} (the heatmap card's); each body after ${WARMUP} warm-up calls, at most ${LOAD.maxCalls} calls or ${LOAD.maxMs / 1000} s`,
    `- Answers: ${answers.join('; ')}`,
    `- Other work on the machine during the bench: ${cpu.otherCores.toFixed(2)} cores; this process: ${cpu.ownCores.toFixed(2)} cores`,
    `- Budget p50 ≤ ${BUDGET_MS} ms: ${verdicts.join('; ')}`,
    '',
    table(rows),
  ].join('\n');
  console.log(`\n${section}\n`);

  if (process.env.BENCH_RESULTS === 'off') return;
  const resultsFile = join(import.meta.dirname, 'RESULTS.md');
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  appendFileSync(resultsFile, `\n## ${when} UTC\n\n${section}\n`);
  console.log(`appended to ${resultsFile}`);
}

if (import.meta.main) await main();

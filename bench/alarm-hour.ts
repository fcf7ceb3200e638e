import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCEPTABLE_ALARMS_PER_HOUR, FLOOD_ALARMS_PER_10_MINUTES } from '@vigil/domain';
import { countDemoAlarms } from '../packages/server/src/demo/alarm-rate.ts';
import { machine } from './report.ts';
import { demoApp } from './demo-app.ts';

/**
 * Issue 20's measure: one simulated hour of the demo site in its steady state, run faster than real
 * time (packages/server/src/demo/alarm-rate.ts): the demo's 90 days of history, an hour of the
 * simulator to warm up (its first cycle of scripted incidents), then the counted hour, a simulator
 * round and an engine tick each simulated minute. Per project: alarms annunciated (raised and asking
 * an operator to act, ADR 0024) against ISA-18.2's 6 an hour, the busiest ten minutes against its
 * flood (more than 10), the share of ten-minute windows in flood, and the warning and critical
 * notifications besides. The start is fixed, so that runs compare.
 */
const ORIGIN = Date.parse('2026-11-16T09:00:00Z');
const HISTORY_DAYS = 90;

async function main() {
  const command = process.env.BENCH_COMMAND ?? 'npx node bench/alarm-hour.ts';
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-alarms-'));
  const { app, db } = await demoApp(dataDir);
  const started = performance.now();
  try {
    const projects = await countDemoAlarms(app, {
      origin: ORIGIN,
      historyDays: HISTORY_DAYS,
      warmUpMinutes: 60,
      minutes: 60,
    });
    const seconds = (performance.now() - started) / 1000;
    const lines = [
      '| project | alarms annunciated / h (≤ 6) | busiest 10 min (≤ 10) | time in flood | warning + critical notifications / h | busiest 10 min of notifications |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...projects.map(
        (p) =>
          `| ${p.project} | ${p.annunciated} | ${p.peakAnnunciated} | ${(p.floodShare * 100).toFixed(0)} % | ${p.total} | ${p.peakTenMinutes} |`,
      ),
    ];
    const met = projects.every(
      (p) => p.annunciated <= ACCEPTABLE_ALARMS_PER_HOUR && p.peakAnnunciated <= FLOOD_ALARMS_PER_10_MINUTES,
    );
    const section = [
      '',
      `## ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC: demo alarm hour (issue 20)`,
      '',
      `- machine: ${machine()}`,
      `- Node ${process.version}`,
      `- command: \`${command}\``,
      `- run: ${HISTORY_DAYS} days of history, the simulator from ${new Date(ORIGIN).toISOString()}, the second hour counted; ${seconds.toFixed(0)} s in all`,
      `- budget (≤ ${ACCEPTABLE_ALARMS_PER_HOUR} an hour, ≤ ${FLOOD_ALARMS_PER_10_MINUTES} in any 10 minutes): ${met ? 'met' : 'NOT met'}`,
      '',
      ...lines,
      '',
    ].join('\n');
    appendFileSync(join(import.meta.dirname, 'RESULTS.md'), section);
    console.log(section);
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

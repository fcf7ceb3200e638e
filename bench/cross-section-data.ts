import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSectionFixture, DAYS, METRIC, PIEZOMETERS } from './cross-section-fixture.ts';
import { demoApp } from './demo-app.ts';
import { percentile } from './measure.ts';
import { machine } from './report.ts';

/**
 * Issue 24's server budget: what a side view of a section of 30 piezometers needs, with their
 * 90-day minimum and maximum envelopes, in ≤ 100 ms p50. The calls are the ones the web app makes,
 * in parallel as a browser does: the section, the devices (tips and limits), their latest readings,
 * and the daily minimum, maximum and mean of their piezometric levels over 90 days.
 */
const CALLS = 100;

async function main() {
  const command = process.env.BENCH_COMMAND ?? 'npx node bench/cross-section-data.ts';
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-cs-'));
  const { app, db } = await demoApp(dataDir);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const call = async <T>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };
    const fixture = await createSectionFixture(app, db, base);
    const { token, projectId } = fixture.session;
    const ids = fixture.devices.map((d) => d.id);
    const from_time = new Date(Date.now() - DAYS * 86_400_000).toISOString();
    const to_time = new Date().toISOString();
    const daily = (fn: string) =>
      call('POST', '/metrics-provider/api/v1/metrics/timeseries/', token, {
        from_time,
        to_time,
        metric: METRIC,
        aggregation: { function: fn, interval: 'day' },
        filters: { monitored_entity_ids: ids },
      });
    const sideViewData = () =>
      Promise.all([
        call('GET', `/ui/api/v1/projects/${projectId}/cross-sections/${fixture.sectionId}/`, token),
        call(
          'GET',
          `/device-registry/api/v1/instruments/?monitored_entity_ids=${ids.join(',')}&paginate_by=1000`,
          token,
        ),
        call('POST', '/metrics-provider/api/v1/metrics/latest/', token, { filters: { monitored_entity_ids: ids } }),
        daily('min'),
        daily('max'),
        daily('avg'),
      ]);
    const timings: number[] = [];
    for (let i = -10; i < CALLS; i++) {
      const started = performance.now();
      await sideViewData();
      if (i >= 0) timings.push(performance.now() - started);
    }
    const p50 = percentile(timings, 50);
    const section_ = [
      '',
      `## ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC: a cross section's side-view data (issue 24)`,
      '',
      `- machine: ${machine()}`,
      `- Node ${process.version}`,
      `- command: \`${command}\``,
      `- set-up: in-process server on a temporary SQLite file, HTTP over 127.0.0.1; the section of bench/cross-section-fixture.ts: ${PIEZOMETERS} piezometers with limits, ${DAYS} days of readings every 30 minutes (compacted) and a fresh one each; the six calls of the side view in parallel: section, devices, latest readings, and the daily minimum, maximum and mean over ${DAYS} days`,
      '',
      '| measurement | calls | p50 ms | p99 ms | budget |',
      '| --- | ---: | ---: | ---: | --- |',
      `| side-view data of ${PIEZOMETERS} piezometers with ${DAYS}-day envelopes | ${timings.length} | ${p50.toFixed(1)} | ${percentile(timings, 99).toFixed(1)} | ≤ 100 p50: ${p50 <= 100 ? 'met' : 'NOT met'} |`,
      '',
    ].join('\n');
    appendFileSync(join(import.meta.dirname, 'RESULTS.md'), section_);
    console.log(section_);
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

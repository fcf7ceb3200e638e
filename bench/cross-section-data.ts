import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, DEMO_PROJECTS } from '../packages/server/src/demo/site.ts';
import { ingestPayloads } from '../packages/server/src/services/ingest/pipeline.ts';
import { compactOnce } from '../packages/server/src/services/metrics/compaction.ts';
import { demoApp } from './demo-app.ts';
import { percentile } from './measure.ts';
import { machine } from './report.ts';

/**
 * Issue 24's server budget: what a side view of a section of 30 piezometers needs, with their
 * 90-day minimum and maximum envelopes, in ≤ 100 ms p50. The calls are the ones the web app makes,
 * in parallel as a browser does: the section, the devices (tips and limits), their latest readings,
 * and the daily minimum, maximum and mean of their piezometric levels over 90 days.
 */
const PIEZOMETERS = 30;
const DAYS = 90;
const READINGS_PER_DAY = 48;
const CALLS = 100;
const KPA_PER_M = 9.8068;

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
    const login = await fetch(`${base}/auth/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', DEMO_PROJECTS[0].name)
      .executeTakeFirstOrThrow();
    await call('POST', '/auth/api/v1/users/switch-data-context', token, { data_context: project.id });

    const scheme = await call<{ id: string }>('POST', '/device-registry/api/v1/schemes', token, {
      name: 'Bench section piezometer',
      type: 'phreatic_surface',
      spec: {
        metrics: {
          raw_metrics: [{ key: 'pressure', label: 'Pressure', unit: 'kPa' }],
          calculated_metrics: [
            {
              key: 'piezometric_level',
              label: 'Piezometric level',
              unit: 'm',
              formula: 'tip_elevation + pressure / 9.8068',
            },
          ],
          context_metrics: [{ key: 'tip_elevation', label: 'Tip elevation', unit: 'm' }],
        },
        metric_limits: [],
      },
    });
    const devices: Array<{ id: string; eid: string; tip: number }> = [];
    for (let i = 0; i < PIEZOMETERS; i++) {
      const eid = `BENCH-PZ-${String(i + 1).padStart(2, '0')}`;
      const tip = 1130 + (i % 8);
      const created = await call<{ id: string }>('POST', '/device-registry/api/v1/instruments', token, {
        eid,
        title: `${eid} bench`,
        scheme: scheme.id,
        context: { tip_elevation: tip },
        contracted_sla_time: 3600,
        location: { type: 'Point', coordinates: [-70.33 - i * 0.0002, -27.366] },
      });
      devices.push({ id: created.id, eid, tip });
    }
    // 90 days of readings every 30 minutes, written as the demo's history is (no events), then compacted.
    const start = Date.now() - DAYS * 86_400_000;
    const step = 86_400_000 / READINGS_PER_DAY;
    for (let day = 0; day < DAYS; day++) {
      const batch = devices.flatMap((d, i) =>
        Array.from({ length: READINGS_PER_DAY }, (_, k) => {
          const t = start + day * 86_400_000 + k * step;
          const level = d.tip + 20 + 3 * Math.sin(t / 86_400_000 / 9 + i) + 0.2 * Math.sin(k);
          return {
            eid: d.eid,
            read_at: new Date(t).toISOString(),
            raw_metrics: { pressure: (level - d.tip) * KPA_PER_M },
          };
        }),
      );
      await ingestPayloads(app, project.id, batch, 'history');
    }
    while ((await compactOnce(db, app.dialect)) > 0);

    const section = await call<{ id: string }>('POST', `/ui/api/v1/projects/${project.id}/cross-sections/`, token, {
      name: 'Bench section',
      distance: 300,
      altitude_min: 1120,
      altitude_max: 1190,
      sensors: devices.map((d) => ({ id: d.eid, device_id: d.id, metric_field: 'piezometric_level' })),
    });
    const ids = devices.map((d) => d.id);
    const from_time = new Date(Date.now() - DAYS * 86_400_000).toISOString();
    const to_time = new Date().toISOString();
    const daily = (fn: string) =>
      call('POST', '/metrics-provider/api/v1/metrics/timeseries/', token, {
        from_time,
        to_time,
        metric: 'calculated_metrics.piezometric_level',
        aggregation: { function: fn, interval: 'day' },
        filters: { monitored_entity_ids: ids },
      });
    const sideViewData = () =>
      Promise.all([
        call('GET', `/ui/api/v1/projects/${project.id}/cross-sections/${section.id}/`, token),
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
      `- set-up: in-process server on a temporary SQLite file, HTTP over 127.0.0.1; ${PIEZOMETERS} piezometers with ${DAYS} days of readings every 30 minutes (compacted); the six calls of the side view in parallel: section, devices, latest readings, and the daily minimum, maximum and mean over ${DAYS} days`,
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

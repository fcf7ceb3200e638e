import type { LatLng } from '@vigil/domain';
import { DEMO_PASSWORD, DEMO_PROJECTS } from '../packages/server/src/demo/site.ts';
import { ingestPayloads } from '../packages/server/src/services/ingest/pipeline.ts';
import { compactOnce } from '../packages/server/src/services/metrics/compaction.ts';
import type { demoApp } from './demo-app.ts';
import { within } from './measure.ts';

/**
 * Issue 24's section, shared by the benches of its side view (bench/cross-section-data.ts, the
 * server's calls; bench/cross-section-draw.ts, the page in Chromium): in the demo's first project, 30
 * piezometers along a line, each with its tip elevation and warning and critical upper limits on
 * its piezometric level, 90 days of readings every 30 minutes written as the demo's history is (no
 * events) and compacted, then one fresh reading each through the ingest API (the current levels),
 * and a cross section of the 30 whose line runs from just before the first to just past the last,
 * with a Ground and a Dam polygon.
 */
export const PIEZOMETERS = 30;
export const DAYS = 90;
export const READINGS_PER_DAY = 48;
export const METRIC = 'calculated_metrics.piezometric_level';
const KPA_PER_M = 9.8068;
/** the devices' line: [longitude, latitude] of the first, then this many degrees west for each next */
const FIRST: [number, number] = [-70.33, -27.366];
const STEP_DEGREES = 0.0002;
/** the section's line, a device's step beyond the first and the last */
const X0: LatLng = { lat: FIRST[1], lng: FIRST[0] + STEP_DEGREES };
const X_MAX: LatLng = { lat: FIRST[1], lng: FIRST[0] - PIEZOMETERS * STEP_DEGREES };
/** the line's length on the ground, metres, rounded (612.3 m: the piezometers 19.75 m apart) */
const DISTANCE = 612;
const ALTITUDE = { min: 1120, max: 1190 } as const;

type App = Awaited<ReturnType<typeof demoApp>>['app'];
type Db = Awaited<ReturnType<typeof demoApp>>['db'];

export interface SectionDevice {
  id: string;
  eid: string;
  tip: number;
  warning: number;
  critical: number;
  /** the level its fresh reading puts it at (m) */
  level: number;
}

export interface SectionFixture {
  /** the demo administrator's session, switched to the section's project */
  session: { token: string; userId: string; projectId: string };
  sectionId: string;
  devices: SectionDevice[];
  /** readings written: the history and the fresh ones */
  readings: number;
  seconds: { devices: number; history: number; compaction: number };
}

/** A piezometer's level of the history at `t` (epoch ms): 20 m over its tip, ±3 m over 8 weeks, ±0.2 m within a day. */
const historyLevel = (tip: number, i: number, t: number, k: number) =>
  tip + 20 + 3 * Math.sin(t / 86_400_000 / 9 + i) + 0.2 * Math.sin(k);

/** Creates the section in the app listening at `base`. */
export async function createSectionFixture(app: App, db: Db, base: string): Promise<SectionFixture> {
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
  const { token, user_id: userId } = (await login.json()) as { token: string; user_id: string };
  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('name', '=', DEMO_PROJECTS[0].name)
    .executeTakeFirstOrThrow();
  await call('POST', '/auth/api/v1/users/switch-data-context', token, { data_context: project.id });

  let started = performance.now();
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
  const devices: SectionDevice[] = [];
  for (let i = 0; i < PIEZOMETERS; i++) {
    const eid = `BENCH-PZ-${String(i + 1).padStart(2, '0')}`;
    const tip = 1130 + (i % 8);
    // above anything the history reaches (tip + 23.2 m): the limit lines are drawn, no limit is reached
    const warning = tip + 25;
    const critical = tip + 27;
    const limit = (level: 'warning' | 'critical', value: number) => ({
      group: 'calculated_metrics',
      metric: 'piezometric_level',
      level,
      bound: 'upper',
      value,
    });
    const created = await call<{ id: string }>('POST', '/device-registry/api/v1/instruments', token, {
      eid,
      title: `${eid} bench`,
      scheme: scheme.id,
      context: { tip_elevation: tip },
      metric_limits: [limit('warning', warning), limit('critical', critical)],
      contracted_sla_time: 3600,
      location: { type: 'Point', coordinates: [FIRST[0] - i * STEP_DEGREES, FIRST[1]] },
    });
    devices.push({ id: created.id, eid, tip, warning, critical, level: tip + 21 + (i % 5) * 0.3 });
  }
  const devicesSeconds = (performance.now() - started) / 1000;

  // 90 days of readings every 30 minutes, written as the demo's history is (no events), then compacted.
  started = performance.now();
  const start = Date.now() - DAYS * 86_400_000;
  const step = 86_400_000 / READINGS_PER_DAY;
  let readings = 0;
  for (let day = 0; day < DAYS; day++) {
    const batch = devices.flatMap((d, i) =>
      Array.from({ length: READINGS_PER_DAY }, (_, k) => {
        const t = start + day * 86_400_000 + k * step;
        return {
          eid: d.eid,
          read_at: new Date(t).toISOString(),
          raw_metrics: { pressure: (historyLevel(d.tip, i, t, k) - d.tip) * KPA_PER_M },
        };
      }),
    );
    await ingestPayloads(app, project.id, batch, 'history');
    readings += batch.length;
  }
  const history = (performance.now() - started) / 1000;
  started = performance.now();
  while ((await compactOnce(db, app.dialect)) > 0);
  const compaction = (performance.now() - started) / 1000;

  // The current levels: one reading each a minute ago, through the ingest API and the rules engine.
  const readAt = new Date(Date.now() - 60_000).toISOString();
  await call(
    'POST',
    '/ingest/api/v1/payloads',
    token,
    devices.map((d) => ({ eid: d.eid, read_at: readAt, raw_metrics: { pressure: (d.level - d.tip) * KPA_PER_M } })),
  );
  readings += devices.length;
  await within(
    'the rules engine idle (every reading evaluated)',
    600_000,
    app.rulesEngine?.idle() ?? Promise.resolve(),
  );
  await within('compaction of the fresh readings', 600_000, app.compactor?.run() ?? Promise.resolve());

  const x = (i: number) => (DISTANCE * (i + 1)) / (PIEZOMETERS + 1);
  const polygon = (category: 'Ground' | 'Dam', points: Array<[number, number]>) => ({
    type: 'Feature',
    properties: { category },
    geometry: { type: 'Polygon', coordinates: [[...points, points[0]!]] },
  });
  const section = await call<{ id: string }>('POST', `/ui/api/v1/projects/${project.id}/cross-sections/`, token, {
    name: 'Bench section',
    distance: DISTANCE,
    altitude_min: ALTITUDE.min,
    altitude_max: ALTITUDE.max,
    x0_location: X0,
    x_max_location: X_MAX,
    diagram: {
      type: 'FeatureCollection',
      features: [
        polygon('Ground', [
          [0, ALTITUDE.min],
          [DISTANCE, ALTITUDE.min],
          [DISTANCE, 1128],
          [0, 1128],
        ]),
        polygon('Dam', [
          [x(0) - 10, 1128],
          [x(PIEZOMETERS - 1) + 10, 1128],
          [DISTANCE / 2 + 40, 1170],
          [DISTANCE / 2 - 40, 1170],
        ]),
      ],
    },
    sensors: devices.map((d) => ({ id: d.eid, device_id: d.id, metric_field: 'piezometric_level' })),
  });
  return {
    session: { token, userId, projectId: project.id },
    sectionId: section.id,
    devices,
    readings,
    seconds: { devices: devicesSeconds, history, compaction },
  };
}

import { rmSync } from 'node:fs';
import { STATE_COLOURS, stateColour, type StateColour } from '@vigil/domain';
import { call, signIn } from './dashboard-draw.ts';
import { siteDevices, type SiteDevice } from './map-site.ts';
import { demoApp } from './demo-app.ts';
import { within } from './measure.ts';

/**
 * The map bench's fixture, made as an administrator would through the API. There is no route that
 * creates a project (projects come from seeding), so the fixture lives in the demo's first project of
 * the bench's own temporary database: a scheme, 2,000 located instruments with safety-state rules, one
 * reading each (but for the grey ones) that the rules engine turns into their state, and a device
 * group of exactly those 2,000 for the map card.
 */
const TIP = 100;
const KPA_PER_M = 9.8068;
/** piezometric level (m) above which each state holds; the reading of a device is set a metre above its target */
const LEVELS = { red: 110, orange: 106, yellow: 103 } as const;
const READING_LEVEL: Partial<Record<StateColour, number>> = { red: 111, orange: 107, yellow: 104, green: 101 };
const CREATE_CONCURRENCY = 4;
const INGEST_BATCH = 500;

/** The server of `npm start` in this process, on `dataDir` (removed on close), serving `webDist`: the demo, no history, no simulator. */
export async function serveDemoSite(dataDir: string, webDist: string) {
  const { app, db } = await demoApp(dataDir, webDist);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base,
    /** until the rules engine has evaluated every reading received */
    idle: async () =>
      void (await within(
        'the rules engine idle (every reading evaluated)',
        600_000,
        app.rulesEngine?.idle() ?? Promise.resolve(),
      )),
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const SCHEME = {
  name: 'Bench map piezometer',
  type: 'phreatic_surface',
  spec: {
    metrics: {
      raw_metrics: [
        { key: 'pressure', label: 'Pressure', unit: 'kPa' },
        { key: 'temperature', label: 'Temperature', unit: '°C' },
      ],
      calculated_metrics: [
        { key: 'piezometric_level', label: 'Piezometric level', unit: 'm', formula: 'tip + pressure / 9.8068' },
      ],
      context_metrics: [{ key: 'tip', label: 'Tip elevation', unit: 'm' }],
    },
    metric_limits: [
      {
        group: 'calculated_metrics',
        metric: 'piezometric_level',
        level: 'warning',
        bound: 'upper',
        value: LEVELS.orange,
      },
      {
        group: 'calculated_metrics',
        metric: 'piezometric_level',
        level: 'critical',
        bound: 'upper',
        value: LEVELS.red,
      },
    ],
  },
};

const SAFETY_RULES = (['red', 'orange', 'yellow'] as const).map((state) => ({
  rule: `piezometric_level > ${LEVELS[state]}`,
  rule_description: `Piezometric level above ${LEVELS[state]} m`,
  state,
}));

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachLimited<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export interface MapFixture {
  session: Awaited<ReturnType<typeof signIn>>['session'];
  projectName: string;
  groupId: string;
  devices: SiteDevice[];
  /** the safety states the registry answers for the fixture's devices after evaluation */
  states: Record<StateColour, number>;
  seconds: { create: number; ingest: number };
}

export async function createMapFixture(base: string, idle: () => Promise<void>): Promise<MapFixture> {
  const { session, projectName } = await signIn(base);
  const token = session.token;
  const scheme = await call<{ id: string }>(base, 'POST', '/device-registry/api/v1/schemes', token, SCHEME);
  const devices = siteDevices();
  const ids = new Map<string, string>();
  let started = performance.now();
  await eachLimited(devices, CREATE_CONCURRENCY, async (device) => {
    const created = await call<{ id: string }>(base, 'POST', '/device-registry/api/v1/instruments', token, {
      eid: device.eid,
      title: device.title,
      scheme: scheme.id,
      location: { type: 'Point', coordinates: device.location },
      context: { tip: TIP },
      rules: { safety_state_rules: SAFETY_RULES },
    });
    ids.set(device.eid, created.id);
  });
  const create = (performance.now() - started) / 1000;

  started = performance.now();
  const readAt = new Date(Date.now() - 5 * 60_000).toISOString();
  const readings = devices
    .filter((d) => READING_LEVEL[d.target] !== undefined)
    .map((d) => ({
      eid: d.eid,
      read_at: readAt,
      raw_metrics: { pressure: Number(((READING_LEVEL[d.target]! - TIP) * KPA_PER_M).toFixed(3)), temperature: 12 },
    }));
  for (let i = 0; i < readings.length; i += INGEST_BATCH)
    await call(base, 'POST', '/ingest/api/v1/payloads', token, readings.slice(i, i + INGEST_BATCH));
  await idle();
  const ingest = (performance.now() - started) / 1000;

  const group = await call<{ id: string }>(base, 'POST', '/device-registry/api/v1/basic-groups', token, {
    title: 'Bench map',
    type: 'area',
    device_profiles: [...ids.values()],
  });
  const states = Object.fromEntries(STATE_COLOURS.map((c) => [c, 0])) as Record<StateColour, number>;
  const fixtureIds = new Set(ids.values());
  for (let page = 1; ; page++) {
    const list = await call<{ count: number; objects: Array<{ id: string; safety_state: string | null }> }>(
      base,
      'GET',
      `/device-registry/api/v1/instruments?paginate_by=1000&page=${page}&fields=id,safety_state`,
      token,
    );
    for (const d of list.objects) if (fixtureIds.has(d.id)) states[stateColour(d.safety_state)] += 1;
    if (page * 1000 >= list.count) break;
  }
  return { session, projectName, groupId: group.id, devices, states, seconds: { create, ingest } };
}

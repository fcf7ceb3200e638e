import { newId, nowIso, toJson } from '../../db/values.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { instrumentRow } from '../../test-support/entity-rows.ts';

export const CERRO = 'cerro-azul';
export const OUSE = 'ouse-embankment';
export const API = '/metrics-provider/api/v1';
const INGEST = '/ingest/api/v1/payloads';

/** Pore pressure and temperature in, a head out; the tip elevation is a context metric; pore_kpa beyond [-50, 2000] is invalid. Names no demo device uses. */
export const GAUGE_SPEC = {
  metrics: {
    raw_metrics: [
      { key: 'pore_kpa', label: 'Pressure', unit: 'kPa' },
      { key: 'temp_c', label: 'Temperature', unit: '°C' },
    ],
    calculated_metrics: [{ key: 'head_m', label: 'Head', unit: 'm', formula: 'tip_m + pore_kpa / 10' }],
    context_metrics: [{ key: 'tip_m', label: 'Tip elevation', unit: 'm' }],
    user_metrics: [],
  },
  metric_limits: [],
  invalid_bounds: [
    { group: 'raw_metrics', metric: 'pore_kpa', bound: 'lower', value: -50 },
    { group: 'raw_metrics', metric: 'pore_kpa', bound: 'upper', value: 2000 },
  ],
};

export interface Device {
  eid: string;
  elevation: number;
  location?: [longitude: number, latitude: number];
  dataPoints?: string[];
}

export interface Site {
  projectId: string;
  /** eid → entity id */
  ids: Record<string, string>;
  /** data point title → id */
  dataPoints: Record<string, string>;
}

/** A scheme and devices written straight to the database: the registry's writes are not under test here. */
export async function createSite(t: TestApp, slug: string, devices: Device[]): Promise<Site> {
  const project = await t.db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  const now = nowIso();
  const schemeId = newId();
  await t.db
    .insertInto('schemes')
    .values({
      id: schemeId,
      project_id: project.id,
      name: `Gauge ${schemeId.slice(0, 8)}`,
      type: 'standard',
      spec: toJson(GAUGE_SPEC),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const site: Site = { projectId: project.id, ids: {}, dataPoints: {} };
  for (const device of devices) {
    const id = newId();
    site.ids[device.eid] = id;
    await t.db
      .insertInto('monitored_entities')
      .values(
        instrumentRow({
          id,
          project_id: project.id,
          eid: device.eid,
          scheme_id: schemeId,
          longitude: device.location?.[0] ?? null,
          latitude: device.location?.[1] ?? null,
          context: toJson({ tip_m: device.elevation }),
        }),
      )
      .execute();
    for (const title of device.dataPoints ?? []) {
      site.dataPoints[title] = newId();
      await t.db
        .insertInto('data_points')
        .values({
          id: site.dataPoints[title],
          project_id: project.id,
          entity_id: id,
          title,
          identifier: title,
          created_at: now,
        })
        .execute();
    }
  }
  return site;
}

/** A session token of `username` whose data context is the project. */
export async function tokenIn(t: TestApp, username: string, projectId: string): Promise<string> {
  const token = await t.login(username);
  const res = await t.call('POST', '/auth/api/v1/users/switch-data-context', {
    token,
    body: { data_context: projectId },
  });
  if (res.status !== 200) throw new Error(`switch-data-context failed: ${JSON.stringify(res.body)}`);
  return token;
}

export interface Payload {
  eid: string;
  read_at: string;
  raw_metrics: Record<string, number>;
  data_point_id?: string;
}

/**
 * Stores payloads through the ingest pipeline, as devices send them, and compacts the first 60 %
 * of them (ADR 0014): every read then meets values in day blocks, values still in the tail, and
 * days that are partly both.
 */
export async function ingest(t: TestApp, token: string, payloads: Payload[]) {
  const store = async (part: Payload[]) => {
    for (let i = 0; i < part.length; i += 5000) {
      const res = await t.call('POST', INGEST, { token, body: part.slice(i, i + 5000) });
      if (res.status !== 200) throw new Error(`ingest failed: ${JSON.stringify(res.body).slice(0, 500)}`);
    }
  };
  const compacted = Math.ceil(payloads.length * 0.6);
  await store(payloads.slice(0, compacted));
  await t.app.compactor!.run();
  await store(payloads.slice(compacted));
}

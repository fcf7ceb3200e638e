import { sql } from 'kysely';
import { newId, nowIso, toJson } from '../../db/values.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { compactAndPurge, storedReadingCount } from '../../test-support/stored-readings.ts';

export const CERRO = 'Cerro Azul Tailings Storage Facility';
export const OUSE = 'Ouse Flood Embankment';
export const INGEST = '/ingest/api/v1/payloads';

/**
 * A vibrating-wire piezometer: pressure and temperature in, piezometric level out (requirements#monitoring-entities).
 */
export const PIEZOMETER_SPEC = {
  metrics: {
    raw_metrics: [
      { key: 'pressure', label: 'Pressure', unit: 'kPa' },
      { key: 'temperature', label: 'Temperature', unit: '°C' },
    ],
    calculated_metrics: [
      {
        key: 'piezometric_level',
        label: 'Piezometric level',
        unit: 'm',
        formula: 'tip_elevation + pressure / 9.8068',
      },
    ],
    context_metrics: [{ key: 'tip_elevation', label: 'Tip elevation', unit: 'm' }],
    user_metrics: [],
  },
  metric_limits: [],
  invalid_bounds: [
    { group: 'raw_metrics', metric: 'pressure', bound: 'lower', value: -50 },
    { group: 'raw_metrics', metric: 'pressure', bound: 'upper', value: 2000 },
    { group: 'raw_metrics', metric: 'temperature', bound: 'upper', value: 80 },
    { group: 'calculated_metrics', metric: 'piezometric_level', bound: 'upper', value: 500 },
  ],
};

export interface TestDevices {
  projectId: string;
  schemeId: string;
  /** eid → entity id */
  ids: Record<string, string>;
}

/**
 * Writes a scheme and piezometers straight into the database (the registry's own writes are not
 * what these tests are about). Each eid gets the given tip elevation.
 */
export async function createPiezometers(
  t: TestApp,
  projectName: string,
  tips: Record<string, number>,
  options: {
    /** the devices' own metric limits (requirements#monitoring-entities shape) */
    metricLimits?: unknown[];
    /** the devices' rules (safety_state_rules, …) */
    rules?: Record<string, unknown>;
    contractedSlaTime?: number;
    interfaceNodeId?: string | null;
    maintenanceMode?: boolean;
  } = {},
): Promise<TestDevices> {
  const project = await t.db
    .selectFrom('projects')
    .select('id')
    .where('name', '=', projectName)
    .executeTakeFirstOrThrow();
  const now = nowIso();
  const schemeId = newId();
  await t.db
    .insertInto('schemes')
    .values({
      id: schemeId,
      project_id: project.id,
      name: `Test piezometer ${schemeId.slice(0, 8)}`,
      type: 'phreatic_surface',
      spec: toJson(PIEZOMETER_SPEC),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const ids: Record<string, string> = {};
  for (const [eid, tip] of Object.entries(tips)) {
    ids[eid] = newId();
    await t.db
      .insertInto('monitored_entities')
      .values({
        id: ids[eid],
        project_id: project.id,
        entity_type: 'instrument',
        eid,
        title: `Piezometer ${eid}`,
        description: '',
        scheme_id: schemeId,
        interface_node_id: options.interfaceNodeId ?? null,
        longitude: null,
        latitude: null,
        context: toJson({ tip_elevation: tip }),
        attachments: '[]',
        labels: '[]',
        user_metrics: '{}',
        metric_limits: toJson(options.metricLimits ?? []),
        rules: toJson(options.rules ?? {}),
        asset_certificate: null,
        contracted_sla_time: options.contractedSlaTime ?? 3600,
        maintenance_mode: options.maintenanceMode ? 1 : 0,
        turned_off: 0,
        decommissioned: 0,
        states: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return { projectId: project.id, schemeId, ids };
}

/** A session token of `username` with the project as its data context. */
export async function tokenFor(t: TestApp, username: string, projectId: string, password?: string): Promise<string> {
  const token = await t.login(username, password);
  const res = await t.call('POST', '/auth/api/v1/users/switch-data-context', {
    token,
    body: { data_context: projectId },
  });
  if (res.status !== 200) throw new Error(`switch-data-context failed: ${JSON.stringify(res.body)}`);
  return token;
}

/**
 * Row counts and value totals of everything ingest writes, after compaction has put every stored
 * value in its day block (ADR 0014): equal snapshots mean nothing was written.
 */
export async function storageSnapshot(t: TestApp) {
  // compacted and purged (ADR 0048): a resend then meets its reading day, not its row
  await compactAndPurge(t);
  const count = async (
    table: 'readings' | 'metric_series' | 'metric_blocks' | 'latest_readings' | 'unknown_payloads',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const totals = await t.db
    .selectFrom('metric_days')
    .select([sql<number>`coalesce(sum("count"), 0)`.as('count'), sql<number>`coalesce(sum("sum"), 0)`.as('sum')])
    .executeTakeFirstOrThrow();
  const entities = await t.db
    .selectFrom('entity_payload_times')
    .select(['entity_id', 'latest_payload_read_at', 'latest_payload_received_at'])
    .orderBy('entity_id')
    .execute();
  return {
    readings: await storedReadingCount(t.db),
    series: await count('metric_series'),
    blocks: await count('metric_blocks'),
    latest: await count('latest_readings'),
    unknown: await count('unknown_payloads'),
    values: Number(totals.count),
    valueSum: Math.round(Number(totals.sum) * 1e6) / 1e6,
    entities: JSON.stringify(entities),
  };
}

/** `n` readings of `eid` every `stepMs` from `start`, with pressure and temperature following i. */
export function series(eid: string, start: string, n: number, stepMs = 600_000) {
  const t0 = Date.parse(start);
  return Array.from({ length: n }, (_, i) => ({
    eid,
    read_at: new Date(t0 + i * stepMs).toISOString(),
    raw_metrics: { pressure: 100 + ((i * 7) % 13) - i / 10, temperature: 10 + (i % 5) },
  }));
}

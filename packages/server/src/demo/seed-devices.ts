import { DEFAULT_ENTITY_STATES, DEFAULT_SNAPSHOT_STATES, EMPTY_RULES, type EntityType } from '@vigil/domain';
import type { Db } from '../db/connection.ts';
import type { MonitoredEntitiesTable } from '../db/schema.ts';
import { newId, toJson } from '../db/values.ts';
import { insertCalibration } from '../services/registry/calibration-store.ts';
import { calibrationTimeline } from './calibrations.ts';
import { DEMO_DEVICE_SITES, type DemoDevice } from './devices.ts';

const DAY_MS = 86_400_000;

function entityRow(
  device: DemoDevice,
  ids: { projectId: string; id: string; schemeId: string; interfaceNodeId: string | null },
  createdAt: string,
): MonitoredEntitiesTable {
  return {
    id: ids.id,
    project_id: ids.projectId,
    entity_type: device.kind as EntityType,
    eid: device.eid,
    title: device.title,
    description: device.description,
    scheme_id: ids.schemeId,
    interface_node_id: ids.interfaceNodeId,
    longitude: device.location[0],
    latitude: device.location[1],
    context: toJson(device.context),
    attachments: toJson([]),
    labels: toJson(device.labels),
    user_metrics: toJson({}),
    metric_limits: toJson(device.limits),
    rules: toJson({
      ...EMPTY_RULES,
      safety_state_rules: device.safetyRules,
      operational_state_rules: device.operationalRules ?? [],
      advanced_indicators: (device.indicators ?? []).map((i) => ({ ...i, rule_execution_id: null })),
    }),
    asset_certificate: device.assetCertificate,
    contracted_sla_time: device.contractedSlaTime,
    maintenance_mode: 0,
    turned_off: 0,
    decommissioned: 0,
    states: toJson(DEFAULT_ENTITY_STATES),
    created_at: createdAt,
    updated_at: createdAt,
  };
}

/**
 * Seeds one project's schemes, devices (each with its first snapshot at installation), data points
 * and groups from demo/devices.ts. Interface nodes go first: instruments refer to them.
 */
export async function seedDevices(db: Db, projectId: string, slug: string, now: string): Promise<void> {
  const site = DEMO_DEVICE_SITES[slug];
  if (!site) return;
  const schemeIds = new Map(site.schemes.map((s) => [s.name, newId()]));
  await db
    .insertInto('schemes')
    .values(
      site.schemes.map((s) => ({
        id: schemeIds.get(s.name)!,
        project_id: projectId,
        name: s.name,
        type: s.type,
        spec: toJson(s.spec),
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  const entityIds = new Map(site.devices.map((d) => [d.eid, newId()]));
  const createdAt = (d: DemoDevice) => new Date(Date.parse(now) - d.installedDaysAgo * DAY_MS).toISOString();
  const rows = site.devices.map((d) =>
    entityRow(
      d,
      {
        projectId,
        id: entityIds.get(d.eid)!,
        schemeId: schemeIds.get(d.scheme)!,
        interfaceNodeId: d.interfaceNode ? entityIds.get(d.interfaceNode)! : null,
      },
      createdAt(d),
    ),
  );
  for (const batch of [rows.filter((r) => !r.interface_node_id), rows.filter((r) => r.interface_node_id)]) {
    if (batch.length) await db.insertInto('monitored_entities').values(batch).execute();
  }
  await db
    .insertInto('entity_snapshots')
    .values(
      rows.map((r) => ({
        id: newId(),
        entity_id: r.id,
        created_at: r.created_at,
        states: toJson(DEFAULT_SNAPSHOT_STATES),
      })),
    )
    .execute();

  // The calibration sheets of sensors that send digits, dated like the devices (seed time, minus days).
  for (const d of site.devices) {
    const timeline = calibrationTimeline(d, Date.parse(createdAt(d)));
    for (const [i, sheet] of (d.calibrations ?? []).entries()) {
      const from = new Date(timeline.find((c) => c.factors === sheet.factors)?.from ?? Date.parse(createdAt(d)));
      await insertCalibration(db, {
        id: newId(),
        project_id: projectId,
        entity_id: entityIds.get(d.eid)!,
        effective_from: from.toISOString(),
        factors: toJson(sheet.factors),
        serial_number: sheet.serial,
        certificate_file_id: null,
        notes: sheet.notes,
        created_at: i === 0 ? createdAt(d) : from.toISOString(),
        created_by: 'manager',
      });
    }
  }

  const points = site.devices.flatMap((d) =>
    d.dataPoints.map((p) => ({
      id: newId(),
      project_id: projectId,
      entity_id: entityIds.get(d.eid)!,
      title: p.title,
      identifier: p.identifier,
      created_at: createdAt(d),
    })),
  );
  if (points.length) await db.insertInto('data_points').values(points).execute();

  await db
    .insertInto('basic_groups')
    .values(
      site.groups.map((g) => ({
        id: newId(),
        project_id: projectId,
        title: g.title,
        type: g.type,
        entity_ids: toJson(g.members.map((eid) => entityIds.get(eid)!)),
        created_at: now,
      })),
    )
    .execute();
}

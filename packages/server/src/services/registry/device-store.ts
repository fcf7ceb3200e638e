import {
  DEFAULT_ENTITY_STATES,
  parseEntityRules,
  type Attachment,
  type EntityRef,
  type EntityRules,
  type EntityStates,
  type EntityType,
  type MetricLimit,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import type { MonitoredEntitiesTable } from '../../db/schema.ts';
import { fromFlag, fromJson, toFlag, toJson } from '../../db/values.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

/** A monitored entity with its JSON columns parsed (ADR 0001: structured values are JSON text). */
export interface DeviceRecord {
  id: string;
  projectId: string;
  entityType: EntityType;
  eid: string;
  title: string;
  description: string;
  schemeId: string | null;
  interfaceNodeId: string | null;
  /** [longitude, latitude] */
  coordinates: [number, number] | null;
  context: Record<string, number>;
  attachments: Attachment[];
  labels: string[];
  userMetrics: Record<string, number | string | boolean | null>;
  /** the entity's own limits; the scheme's apply where these say nothing */
  metricLimits: MetricLimit[];
  rules: EntityRules;
  assetCertificate: string | null;
  contractedSlaTime: number;
  maintenanceMode: boolean;
  turnedOff: boolean;
  decommissioned: boolean;
  latestPayloadReceivedAt: string | null;
  latestPayloadReadAt: string | null;
  states: EntityStates;
  createdAt: string;
  updatedAt: string;
}

/** An entity's row with its latest payload times (null before its first payload). */
type EntityRow = MonitoredEntitiesTable & {
  latest_payload_received_at: string | null;
  latest_payload_read_at: string | null;
};

/** The project's entities with their latest payload times, from their own table (ADR 0019). */
const selectEntities = (db: Db) =>
  db
    .selectFrom('monitored_entities')
    .leftJoin('entity_payload_times as p', 'p.entity_id', 'monitored_entities.id')
    .selectAll('monitored_entities')
    .select(['p.latest_payload_received_at', 'p.latest_payload_read_at']);

export const toDevice = (row: EntityRow): DeviceRecord => ({
  id: row.id,
  projectId: row.project_id,
  entityType: row.entity_type,
  eid: row.eid,
  title: row.title,
  description: row.description,
  schemeId: row.scheme_id,
  interfaceNodeId: row.interface_node_id,
  coordinates: row.longitude == null || row.latitude == null ? null : [Number(row.longitude), Number(row.latitude)],
  context: fromJson(row.context, {}),
  attachments: fromJson(row.attachments, []),
  labels: fromJson(row.labels, []),
  userMetrics: fromJson(row.user_metrics, {}),
  metricLimits: fromJson(row.metric_limits, []),
  rules: parseEntityRules(fromJson<unknown>(row.rules, {})),
  assetCertificate: row.asset_certificate,
  contractedSlaTime: Number(row.contracted_sla_time),
  maintenanceMode: fromFlag(row.maintenance_mode),
  turnedOff: fromFlag(row.turned_off),
  decommissioned: fromFlag(row.decommissioned),
  latestPayloadReceivedAt: row.latest_payload_received_at,
  latestPayloadReadAt: row.latest_payload_read_at,
  // Other writers (rules engine) may store only some states: the defaults fill the rest.
  states: { ...DEFAULT_ENTITY_STATES, ...fromJson<Partial<EntityStates>>(row.states, {}) },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const deviceRow = (r: DeviceRecord): MonitoredEntitiesTable => ({
  id: r.id,
  project_id: r.projectId,
  entity_type: r.entityType,
  eid: r.eid,
  title: r.title,
  description: r.description,
  scheme_id: r.schemeId,
  interface_node_id: r.interfaceNodeId,
  longitude: r.coordinates?.[0] ?? null,
  latitude: r.coordinates?.[1] ?? null,
  context: toJson(r.context),
  attachments: toJson(r.attachments),
  labels: toJson(r.labels),
  user_metrics: toJson(r.userMetrics),
  metric_limits: toJson(r.metricLimits),
  rules: toJson(r.rules),
  asset_certificate: r.assetCertificate,
  contracted_sla_time: r.contractedSlaTime,
  maintenance_mode: toFlag(r.maintenanceMode),
  turned_off: toFlag(r.turnedOff),
  decommissioned: toFlag(r.decommissioned),
  states: toJson(r.states),
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

const E = 'monitored_entities';
export const deviceList: ListSpec = {
  columns: {
    id: `${E}.id`,
    eid: `${E}.eid`,
    title: `${E}.title`,
    'scheme.id': `${E}.scheme_id`,
    'scheme.type': 'schemes.type',
    'interface_node.id': `${E}.interface_node_id`,
    created_at: `${E}.created_at`,
    updated_at: `${E}.updated_at`,
    latest_payload_received_at: 'p.latest_payload_received_at',
    latest_payload_read_at: 'p.latest_payload_read_at',
  },
  filters: ['id', 'eid', 'title', 'scheme.id', 'scheme.type', 'interface_node.id'],
  ranges: ['created_at', 'updated_at', 'latest_payload_received_at', 'latest_payload_read_at'],
  orderings: ['id', 'eid', 'title', 'created_at', 'updated_at', 'latest_payload_received_at'],
  defaultOrdering: 'title',
  tieBreaker: `${E}.id`,
};

export interface DeviceFilters {
  entityIds?: string[] | undefined;
  decommissioned?: boolean | undefined;
}

/** One page of the project's entities of one type, filtered and ordered as the query asks. */
export async function listDevices(
  db: Db,
  projectId: string,
  entityType: EntityType,
  query: ListQuery,
  filters: DeviceFilters,
): Promise<{ count: number; records: DeviceRecord[] }> {
  let qb = selectEntities(db)
    .leftJoin('schemes', 'schemes.id', 'monitored_entities.scheme_id')
    .where('monitored_entities.project_id', '=', projectId)
    .where('monitored_entities.entity_type', '=', entityType);
  if (filters.entityIds) {
    if (!filters.entityIds.length) return { count: 0, records: [] };
    qb = qb.where('monitored_entities.id', 'in', filters.entityIds);
  }
  if (filters.decommissioned !== undefined)
    qb = qb.where('monitored_entities.decommissioned', '=', toFlag(filters.decommissioned));
  const { count, rows } = await runListQuery(qb, query, deviceList);
  return { count, records: rows.map(toDevice) };
}

/** An entity of the project, of the given type when one is named. */
export async function findDevice(
  db: Db,
  projectId: string,
  id: string,
  entityType?: EntityType,
): Promise<DeviceRecord | undefined> {
  let qb = selectEntities(db)
    .where('monitored_entities.project_id', '=', projectId)
    .where('monitored_entities.id', '=', id);
  if (entityType) qb = qb.where('monitored_entities.entity_type', '=', entityType);
  const row = await qb.executeTakeFirst();
  return row && toDevice(row);
}

export type TypedRef = EntityRef & { entityType: EntityType };

/** id, eid and title of the project's entities among `ids`. */
export async function findEntityRefs(db: Db, projectId: string, ids: string[]): Promise<Map<string, TypedRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .selectFrom('monitored_entities')
    .select(['id', 'eid', 'title', 'entity_type'])
    .where('project_id', '=', projectId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, eid: r.eid, title: r.title, entityType: r.entity_type }]));
}

/** The instruments each interface node holds, by eid. */
export async function findInstrumentsOf(
  db: Db,
  projectId: string,
  nodeIds: string[],
): Promise<Map<string, EntityRef[]>> {
  const result = new Map<string, EntityRef[]>();
  if (!nodeIds.length) return result;
  const rows = await db
    .selectFrom('monitored_entities')
    .select(['id', 'eid', 'title', 'interface_node_id'])
    .where('project_id', '=', projectId)
    .where('interface_node_id', 'in', [...new Set(nodeIds)])
    .orderBy('eid')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = result.get(row.interface_node_id!) ?? [];
    list.push({ id: row.id, eid: row.eid, title: row.title });
    result.set(row.interface_node_id!, list);
  }
  return result;
}

export async function eidTaken(db: Db, projectId: string, eid: string, exceptId?: string): Promise<boolean> {
  let qb = db.selectFrom('monitored_entities').select('id').where('project_id', '=', projectId).where('eid', '=', eid);
  if (exceptId) qb = qb.where('id', '!=', exceptId);
  return !!(await qb.executeTakeFirst());
}

/** Entities of the project that use a scheme (to check a changed spec against their limits). */
export async function findDevicesWithScheme(db: Db, projectId: string, schemeId: string): Promise<DeviceRecord[]> {
  const rows = await selectEntities(db)
    .where('monitored_entities.project_id', '=', projectId)
    .where('monitored_entities.scheme_id', '=', schemeId)
    .orderBy('monitored_entities.eid')
    .execute();
  return rows.map(toDevice);
}

export async function insertDevice(db: Db, record: DeviceRecord): Promise<void> {
  await insertDevices(db, [record]);
}

/** Inserts devices in statements of 200 rows (interface nodes first where instruments name them). */
export async function insertDevices(db: Db, records: DeviceRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += 200) {
    await db
      .insertInto('monitored_entities')
      .values(records.slice(i, i + 200).map(deviceRow))
      .execute();
  }
}

/**
 * Writes the registry's fields; states and latest payload times belong to ingest and the rules engine.
 * With `version`, only over that version (ADR 0034): false when the row has moved on or gone.
 */
export async function updateDevice(db: Db, record: DeviceRecord, version?: string): Promise<boolean> {
  const row = deviceRow(record);
  const result = await db
    .updateTable('monitored_entities')
    .set({
      eid: row.eid,
      title: row.title,
      description: row.description,
      scheme_id: row.scheme_id,
      interface_node_id: row.interface_node_id,
      longitude: row.longitude,
      latitude: row.latitude,
      context: row.context,
      attachments: row.attachments,
      labels: row.labels,
      user_metrics: row.user_metrics,
      metric_limits: row.metric_limits,
      rules: row.rules,
      asset_certificate: row.asset_certificate,
      contracted_sla_time: row.contracted_sla_time,
      maintenance_mode: row.maintenance_mode,
      turned_off: row.turned_off,
      decommissioned: row.decommissioned,
      updated_at: row.updated_at,
    })
    .where('id', '=', record.id)
    .where('project_id', '=', record.projectId)
    .$if(version !== undefined, (qb) => qb.where('updated_at', '=', version!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a device (its snapshots, series and events go with it); false when it has moved on or gone. */
export async function deleteDevice(db: Db, projectId: string, id: string, version: string): Promise<boolean> {
  const result = await db
    .deleteFrom('monitored_entities')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('updated_at', '=', version)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The project's devices by eid, for the register (ADR 0034). */
export async function findDevicesByEid(db: Db, projectId: string): Promise<Map<string, DeviceRecord>> {
  const rows = await selectEntities(db).where('monitored_entities.project_id', '=', projectId).execute();
  return new Map(rows.map((row) => [row.eid, toDevice(row)]));
}

/** How many instruments of the project hang off the interface node. */
export async function countInstrumentsOf(db: Db, projectId: string, nodeId: string): Promise<number> {
  const row = await db
    .selectFrom('monitored_entities')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('project_id', '=', projectId)
    .where('interface_node_id', '=', nodeId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

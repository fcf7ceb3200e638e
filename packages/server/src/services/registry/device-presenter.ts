import {
  effectiveMetricLimits,
  type DeviceProfile,
  type DeviceProfileSnapshot,
  type EntityRef,
  type SnapshotStates,
} from '@vigil/domain';
import type { DeviceRecord, TypedRef } from './device-store.ts';
import { presentSchemeRef } from './scheme-presenter.ts';
import type { SchemeRecord } from './scheme-store.ts';
import type { SnapshotRecord } from './snapshot-store.ts';

/** What a page of device profiles refers to, loaded once per page. */
export interface ProfileLookups {
  schemes: Map<string, SchemeRecord>;
  /** the interface nodes named by the page's instruments */
  refs: Map<string, TypedRef>;
  /** the instruments of the page's interface nodes */
  instruments: Map<string, EntityRef[]>;
}

const ref = (r: TypedRef | undefined): EntityRef | null => (r ? { id: r.id, eid: r.eid, title: r.title } : null);

/** The device profile of requirements#monitoring-entities. */
export function presentDevice(record: DeviceRecord, lookups: ProfileLookups): DeviceProfile {
  const scheme = record.schemeId ? lookups.schemes.get(record.schemeId) : undefined;
  return {
    id: record.id,
    title: record.title,
    eid: record.eid,
    description: record.description,
    monitored_entity_type: record.entityType,
    scheme: scheme ? presentSchemeRef(scheme) : null,
    metric_limits: effectiveMetricLimits(scheme?.spec.metric_limits ?? [], record.metricLimits),
    attachments: record.attachments,
    location: record.coordinates ? { type: 'Point', coordinates: record.coordinates } : null,
    ...record.states,
    maintenance_mode: record.maintenanceMode,
    turned_off: record.turnedOff,
    decommissioned: record.decommissioned,
    latest_payload_received_at: record.latestPayloadReceivedAt,
    latest_payload_read_at: record.latestPayloadReadAt,
    contracted_sla_time: record.contractedSlaTime,
    asset_certificate: record.assetCertificate,
    labels: record.labels,
    user_metrics: record.userMetrics,
    context: record.context,
    interface_node: record.interfaceNodeId ? ref(lookups.refs.get(record.interfaceNodeId)) : null,
    instruments: record.entityType === 'interface-node' ? (lookups.instruments.get(record.id) ?? []) : [],
    rules: record.rules,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

/** The states a snapshot records, as of now: what the next snapshot will hold. */
export const snapshotStatesOf = (record: DeviceRecord): SnapshotStates => ({
  ...record.states,
  maintenance_mode: record.maintenanceMode,
  turned_off: record.turnedOff,
  decommissioned: record.decommissioned,
});

/**
 * The profile as of a snapshot: its states replace the current ones. Without a snapshot the spec's
 * defaults apply (device_state unknown, sensors_state unhealthy, maintenance_mode false).
 */
export function presentSnapshot(
  profile: DeviceProfile,
  snapshot: SnapshotRecord | undefined,
  defaults: SnapshotStates,
): DeviceProfileSnapshot {
  return {
    ...profile,
    ...(snapshot?.states ?? defaults),
    snapshot_id: snapshot?.id ?? null,
    snapshot_created_at: snapshot?.createdAt ?? null,
  };
}

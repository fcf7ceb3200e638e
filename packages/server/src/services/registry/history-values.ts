import { changedFields } from '@vigil/domain';
import type { DeviceRecord } from './device-store.ts';
import type { GroupRecord } from './group-store.ts';
import type { FieldChanges } from './history-store.ts';
import type { SchemeRecord } from './scheme-store.ts';

/** What a history records of each thing: the fields an editor writes, as the API names them (ADR 0034). */

export const deviceHistoryValues = (r: DeviceRecord) => ({
  eid: r.eid,
  title: r.title,
  description: r.description,
  scheme: r.schemeId,
  interface_node: r.interfaceNodeId,
  location: r.coordinates ? { type: 'Point', coordinates: r.coordinates } : null,
  context: r.context,
  attachments: r.attachments,
  labels: r.labels,
  user_metrics: r.userMetrics,
  metric_limits: r.metricLimits,
  rules: r.rules,
  asset_certificate: r.assetCertificate,
  contracted_sla_time: r.contractedSlaTime,
  maintenance_mode: r.maintenanceMode,
  turned_off: r.turnedOff,
  decommissioned: r.decommissioned,
});

export const schemeHistoryValues = (r: SchemeRecord) => ({ name: r.name, type: r.type, spec: r.spec });

export const groupHistoryValues = (r: GroupRecord) => ({ title: r.title, type: r.type, device_profiles: r.entityIds });

/** The fields whose values differ between two versions of a thing. */
export const diffValues = <T extends Record<string, unknown>>(before: T, after: T): FieldChanges =>
  changedFields(before, after, Object.keys(after)) as FieldChanges;

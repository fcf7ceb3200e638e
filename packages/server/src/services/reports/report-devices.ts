import type { EntityStates, EntityType, MetricLimit } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { findDevicesByEid } from '../registry/device-store.ts';
import { findGroups } from '../registry/group-store.ts';
import { findProjectSchemes } from '../registry/scheme-store.ts';

/** A metric a report shows: its group and key, label and unit. */
export interface ReportMetric {
  group: 'raw_metrics' | 'calculated_metrics';
  key: string;
  label: string;
  unit: string;
}

/** A device as a report reads it, from the registry's public stores. */
export interface ReportDevice {
  id: string;
  eid: string;
  title: string;
  entityType: EntityType;
  slaSeconds: number;
  decommissioned: boolean;
  states: EntityStates;
  /** context metric values (tip elevation, node spacing) */
  context: Record<string, number>;
  /** [longitude, latitude] */
  coordinates: [number, number] | null;
  metrics: ReportMetric[];
  /** the scheme's limits where the device sets none of its own (same metric, level and bound) */
  limits: MetricLimit[];
}

const limitKey = (l: MetricLimit) => `${l.group}.${l.metric}.${l.level}.${l.bound}`;

/** The project's devices (ordered by eid) and groups, as reports read them. */
export async function loadReportDevices(db: Db, projectId: string) {
  const [byEid, schemes, groups] = await Promise.all([
    findDevicesByEid(db, projectId),
    findProjectSchemes(db, projectId),
    findGroups(db, projectId),
  ]);
  const devices: ReportDevice[] = [...byEid.values()]
    .sort((a, b) => a.eid.localeCompare(b.eid, 'en', { numeric: true }))
    .map((d) => {
      const spec = d.schemeId ? schemes.get(d.schemeId)?.spec : undefined;
      const own = new Set(d.metricLimits.map(limitKey));
      const metrics: ReportMetric[] = spec
        ? [
            ...spec.metrics.raw_metrics.map((m) => ({
              group: 'raw_metrics' as const,
              key: m.key,
              label: m.label,
              unit: m.unit,
            })),
            ...spec.metrics.calculated_metrics.map((m) => ({
              group: 'calculated_metrics' as const,
              key: m.key,
              label: m.label,
              unit: m.unit,
            })),
          ]
        : [];
      return {
        id: d.id,
        eid: d.eid,
        title: d.title,
        entityType: d.entityType,
        slaSeconds: d.contractedSlaTime,
        decommissioned: d.decommissioned,
        states: d.states,
        context: d.context,
        coordinates: d.coordinates,
        metrics,
        limits: [...d.metricLimits, ...(spec?.metric_limits ?? []).filter((l) => !own.has(limitKey(l)))],
      };
    });
  return {
    devices,
    byId: new Map(devices.map((d) => [d.id, d])),
    groups: new Map(groups.map((g) => [g.id, g])),
  };
}

export type ReportDevices = Awaited<ReturnType<typeof loadReportDevices>>;

/** The limits of one metric of a device. */
export const limitsOf = (device: ReportDevice, group: string, key: string) =>
  device.limits.filter((l) => l.group === group && l.metric === key);

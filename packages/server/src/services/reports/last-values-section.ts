import type { MetricLimit, MetricReading } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { readingService } from '../metrics/reading-service.ts';
import { limitsOf, type ReportDevices } from './report-devices.ts';

/** Where a value stands against its limits. */
export type LimitStanding = 'normal' | 'warning' | 'critical' | 'no_limits' | 'no_value';

export interface LastValueRow {
  eid: string;
  title: string;
  safetyState: string;
  metric: string;
  unit: string;
  value: number | null;
  readAt: string | null;
  warning: { lower: number | null; upper: number | null };
  critical: { lower: number | null; upper: number | null };
  standing: LimitStanding;
}

const bound = (limits: readonly MetricLimit[], level: string, side: string) =>
  limits.find((l) => l.level === level && l.bound === side)?.value ?? null;

/** How far a value is past its limits: critical before warning. */
export function standingOf(value: number | null, limits: readonly MetricLimit[]): LimitStanding {
  if (value === null) return 'no_value';
  if (!limits.length) return 'no_limits';
  const past = (level: string) => {
    const upper = bound(limits, level, 'upper');
    const lower = bound(limits, level, 'lower');
    return (upper !== null && value >= upper) || (lower !== null && value <= lower);
  };
  return past('critical') ? 'critical' : past('warning') ? 'warning' : 'normal';
}

/**
 * Every instrument's last value (up to the end of the period) of each metric that has limits, or of its
 * first metric when none has, against its warning and critical limits.
 */
export async function lastValuesSection(db: Db, projectId: string, devices: ReportDevices, to: number) {
  const instruments = devices.devices.filter((d) => d.entityType !== 'interface-node' && !d.decommissioned);
  const latest = await readingService(db).latest(projectId, {
    filter: { to: new Date(to - 1).toISOString(), entityIds: instruments.map((d) => d.id) },
    latestBy: 'monitored_entity_id',
    ordering: [],
    page: {
      page: 1,
      paginateBy: Math.max(1, instruments.length),
      fields: undefined,
      excludedFields: undefined,
      ordering: [],
      equals: [],
      ranges: [],
    },
  });
  const readings = new Map((latest.objects as MetricReading[]).map((r) => [r.monitored_entity_id, r]));
  const rows: LastValueRow[] = [];
  for (const device of instruments) {
    const limited = device.metrics.filter((m) => limitsOf(device, m.group, m.key).length);
    const shown = limited.length ? limited : device.metrics.slice(0, 1);
    const reading = readings.get(device.id);
    for (const metric of shown) {
      const limits = limitsOf(device, metric.group, metric.key);
      const raw = reading?.[metric.group]?.[metric.key];
      const value = typeof raw === 'number' ? raw : null;
      rows.push({
        eid: device.eid,
        title: device.title,
        safetyState: String(device.states.safety_state ?? 'unknown'),
        metric: metric.label,
        unit: metric.unit,
        value,
        readAt: value === null ? null : (reading?.read_at ?? null),
        warning: { lower: bound(limits, 'warning', 'lower'), upper: bound(limits, 'warning', 'upper') },
        critical: { lower: bound(limits, 'critical', 'lower'), upper: bound(limits, 'critical', 'upper') },
        standing: standingOf(value, limits),
      });
    }
  }
  return rows;
}

import {
  compareByUrgency,
  type MetricReading,
  type SchemeObject,
  type StateType,
  chartableMetrics,
  type MetricInfo,
  type ManualReadingInfo,
} from '@vigil/domain';
import type { DeviceSummary } from '../../../api/registry.ts';
import { stateChangedAtOf, stateOf } from './device-index.ts';

/** One row of the device table card. */
export interface DeviceRow {
  device: DeviceSummary;
  state: string;
  changedAt: string | null;
  readAt: string | null;
  /** the device's headline metric (its first calculated metric, else its first raw one) and latest value */
  metric: MetricInfo | null;
  value: number | null;
  /** who entered the latest reading, when it was entered by hand (ADR 0027) */
  manual: ManualReadingInfo | null;
}

export type DeviceSort = 'state' | 'title' | 'readAt';

/** The metric that best tells a device's condition in one number. */
function headlineMetric(scheme: SchemeObject | undefined): MetricInfo | null {
  const metrics = chartableMetrics(scheme);
  return (
    metrics.find((m) => m.group === 'calculated_metrics') ?? metrics.find((m) => m.group === 'raw_metrics') ?? null
  );
}

export function deviceRows(
  devices: readonly DeviceSummary[],
  stateType: StateType,
  schemes: ReadonlyMap<string, SchemeObject>,
  latest: readonly MetricReading[],
): DeviceRow[] {
  const latestOf = new Map(latest.map((r) => [r.monitored_entity_id, r]));
  return devices.map((device) => {
    const metric = headlineMetric(device.scheme ? schemes.get(device.scheme.id) : undefined);
    const reading = latestOf.get(device.id);
    const value = metric && reading ? (reading[metric.group]?.[metric.key] ?? null) : null;
    return {
      device,
      state: stateOf(device, stateType),
      changedAt: stateChangedAtOf(device, stateType),
      readAt: device.latest_payload_read_at,
      metric,
      value,
      manual: reading?.source === 'manual' ? reading.manual : null,
    };
  });
}

/** Rows whose title, Device Id or scheme holds the filter text (any case). */
export function filterRows(rows: readonly DeviceRow[], text: string): DeviceRow[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [...rows];
  return rows.filter((r) =>
    [r.device.title, r.device.eid, r.device.scheme?.name ?? ''].some((s) => s.toLowerCase().includes(wanted)),
  );
}

/** Sorted by state (worst first), title (natural order) or latest read (newest first); `desc` reverses. */
export function sortRows(rows: readonly DeviceRow[], by: DeviceSort, desc: boolean): DeviceRow[] {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const compare =
    by === 'state'
      ? compareByUrgency<DeviceRow>(
          (r) => r.state,
          (r) => r.device.title,
        )
      : by === 'title'
        ? (a: DeviceRow, b: DeviceRow) => collator.compare(a.device.title, b.device.title)
        : (a: DeviceRow, b: DeviceRow) => (b.readAt ?? '').localeCompare(a.readAt ?? '');
  const sorted = [...rows].sort(compare);
  return desc ? sorted.reverse() : sorted;
}

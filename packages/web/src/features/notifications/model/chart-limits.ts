import type { DeviceProfile } from '@vigil/domain';

/** The limit lines a chart shows: invalid bounds for quality events, warning and critical limits for limit events. */
export type LimitKind = 'invalid' | 'levels';

export interface EventLimit {
  level: 'critical' | 'warning' | 'invalid';
  bound: 'upper' | 'lower';
  value: number;
}

/**
 * The lines of `metric` (e.g. `calculated_metrics.piezometric_level`, or a bare key) from a device's
 * effective limits or its scheme's invalid bounds (the chart colours them by level, requirements#monitoring-constants).
 */
export function chartLimits(device: Partial<DeviceProfile> | undefined, metric: string, kind: LimitKind): EventLimit[] {
  const key = metric.split('.').at(-1);
  const group = metric.includes('.') ? metric.split('.')[0] : undefined;
  const sameMetric = (l: { group: string; metric: string }) =>
    l.metric === key && (!group || kind === 'invalid' || l.group === group);
  if (kind === 'invalid') {
    return (device?.scheme?.spec?.invalid_bounds ?? [])
      .filter(sameMetric)
      .map((b) => ({ level: 'invalid', bound: b.bound, value: b.value }));
  }
  return (device?.metric_limits ?? [])
    .filter(sameMetric)
    .map((l) => ({ level: l.level, bound: l.bound, value: l.value }));
}

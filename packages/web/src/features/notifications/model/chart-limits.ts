import { LIMIT_LINE_COLOURS, type DeviceProfile } from '@vigil/domain';

/** The limit lines a chart shows: invalid bounds for quality events, warning and critical limits for limit events. */
export type LimitKind = 'invalid' | 'levels';

export interface ChartLimit {
  /** translation key under `limits.`: e.g. critical_upper */
  name: string;
  value: number;
  colour: string;
}

/**
 * The lines of `metric` (e.g. `calculated_metrics.piezometric_level`, or a bare key) from a device's
 * effective limits or its scheme's invalid bounds, coloured by spec 001 §9.
 */
export function chartLimits(device: Partial<DeviceProfile> | undefined, metric: string, kind: LimitKind): ChartLimit[] {
  const key = metric.split('.').at(-1);
  const group = metric.includes('.') ? metric.split('.')[0] : undefined;
  const sameMetric = (l: { group: string; metric: string }) =>
    l.metric === key && (!group || kind === 'invalid' || l.group === group);
  if (kind === 'invalid') {
    return (device?.scheme?.spec?.invalid_bounds ?? []).filter(sameMetric).map((b) => ({
      name: `invalid_${b.bound}`,
      value: b.value,
      colour: LIMIT_LINE_COLOURS.invalid,
    }));
  }
  return (device?.metric_limits ?? []).filter(sameMetric).map((l) => ({
    name: `${l.level}_${l.bound}`,
    value: l.value,
    colour: LIMIT_LINE_COLOURS[l.level],
  }));
}

import { chartableMetrics, type DashboardCardType, type MetricInfo, type SchemeObject } from '@vigil/domain';
import type { DeviceSummary } from '../../../api/registry.ts';

/** Card types that show one or more chosen devices, and those that show a group (or every device). */
export function choosesDevices(type: DashboardCardType, targetKind: 'entity' | 'group'): boolean {
  if (type === 'device-state') return targetKind === 'entity';
  return type === 'chart' || type === 'gauge' || type === 'inclinometer-profile';
}
export function choosesGroup(type: DashboardCardType, targetKind: 'entity' | 'group'): boolean {
  if (type === 'device-state') return targetKind === 'group';
  return (
    !choosesDevices(type, targetKind) &&
    !(['inclinometer-profile', 'weather', 'cross-section', 'cross-sections-map'] as DashboardCardType[]).includes(type)
  );
}
export const choosesMetric = (type: DashboardCardType) =>
  type === 'chart' ||
  type === 'gauge' ||
  type === 'aggregation-table' ||
  type === 'heatmap' ||
  type === 'rate-of-change';

/** A scheme of an inclinometer chain: its nodes report axes A and B. */
export const isInclinometerScheme = (scheme: Pick<SchemeObject, 'spec'> | undefined) => {
  const raw = new Set((scheme?.spec.metrics.raw_metrics ?? []).map((m) => m.key));
  return raw.has('a_axis') && raw.has('b_axis');
};

/** Every metric some of the devices have, each once, in the order of their schemes. */
export function metricsOfDevices(devices: readonly DeviceSummary[], schemes: readonly SchemeObject[]): MetricInfo[] {
  const schemeIds = new Set(devices.map((d) => d.scheme?.id));
  const byMetric = new Map<string, MetricInfo>();
  for (const scheme of schemes.filter((s) => schemeIds.has(s.id)))
    for (const info of chartableMetrics(scheme)) if (!byMetric.has(info.metric)) byMetric.set(info.metric, info);
  return [...byMetric.values()];
}

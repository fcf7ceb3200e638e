import { chartableMetrics, metricInfo, type MetricInfo, type SchemeObject } from '@vigil/domain';
import type { DeviceSummary } from '../../../api/registry.ts';

/**
 * The label, unit and decimals of a group card's metric: from the scheme of the first member whose
 * scheme has it (the metric's bare name when none has).
 */
export function cardMetricInfo(
  members: readonly Pick<DeviceSummary, 'scheme'>[],
  schemes: readonly SchemeObject[],
  metric: string,
): MetricInfo {
  const ids = new Set(members.map((d) => d.scheme?.id));
  const scheme = schemes.find(
    (s) => ids.has(s.id) && chartableMetrics(s).some((m) => m.metric === metric || m.key === metric),
  );
  return metricInfo(scheme, metric);
}

import type { MetricLimit } from './schemes.ts';
import type { SchemeRef } from './registry.ts';

/** A metric as cards name and plot it: `group.key` with its label, unit and decimals. */
export interface MetricInfo {
  metric: string;
  group: 'raw_metrics' | 'calculated_metrics' | 'context_metrics';
  key: string;
  label: string;
  unit: string;
  decimals: number | undefined;
}

/**
 * Groups of metrics with readings to chart, in the order the entity dashboard shows them
 * (requirements#monitoring-screens).
 */
const CHARTED_GROUPS = ['raw_metrics', 'calculated_metrics', 'context_metrics'] as const;

/** Every metric of a scheme that has readings: raw, calculated and context. */
export function chartableMetrics(scheme: Pick<SchemeRef, 'spec'> | null | undefined): MetricInfo[] {
  if (!scheme) return [];
  return CHARTED_GROUPS.flatMap((group) =>
    (scheme.spec.metrics[group] ?? []).map((m) => ({
      metric: `${group}.${m.key}`,
      group,
      key: m.key,
      label: m.label,
      unit: m.unit,
      decimals: m.decimals,
    })),
  );
}

/** A `group.key` metric of a scheme; a bare key or an unknown one is shown by its key without unit. */
export function metricInfo(scheme: Pick<SchemeRef, 'spec'> | null | undefined, metric: string): MetricInfo {
  const found = chartableMetrics(scheme).find((m) => m.metric === metric || m.key === metric);
  if (found) return found;
  const [group, key] = metric.includes('.') ? metric.split('.', 2) : ['raw_metrics', metric];
  return { metric, group: group as MetricInfo['group'], key: key!, label: key!, unit: '', decimals: undefined };
}

/** The warning and critical limits in force for one metric of an entity. */
export function limitsOf(limits: readonly MetricLimit[] | undefined, info: MetricInfo): MetricLimit[] {
  return (limits ?? []).filter((l) => l.group === info.group && l.metric === info.key);
}

/** A value with the metric's decimals (3 significant decimals at most when the scheme names none). */
export function formatValue(value: number | null | undefined, info: Pick<MetricInfo, 'decimals'>, locale: string) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const decimals = info.decimals ?? (Math.abs(value) >= 100 ? 1 : Math.abs(value) >= 1 ? 2 : 3);
  return value.toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

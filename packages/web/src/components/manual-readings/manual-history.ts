import { formatValue, type ManualReadingHistoryItem, type SchemeRef } from '@vigil/domain';

/** How a metric of a reading is named: its scheme's label, unit and decimals. */
export interface MetricLabel {
  label: string;
  unit: string;
  decimals?: number;
}
export type DescribeMetric = (key: string) => MetricLabel | undefined;

/** One record of a manual reading's history, with the values it replaced (a correction's old values). */
export interface ManualHistoryRow {
  id: string;
  action: ManualReadingHistoryItem['action'];
  user: string | null;
  at: string;
  reason: string | null;
  /** the metrics whose value this record set, each with the value before it (null for a new one) */
  values: Array<{ key: string; value: number; previous: number | null }>;
}

/**
 * A manual reading's history, newest first: its entry, then each correction with the values it
 * changed and their values before (the record before it keeps them, ADR 0027).
 */
export function manualHistoryRows(items: readonly ManualReadingHistoryItem[]): ManualHistoryRow[] {
  const oldestFirst = [...items].sort((a, b) => a.at.localeCompare(b.at));
  const rows = oldestFirst.map((item, i): ManualHistoryRow => {
    const before = i > 0 ? oldestFirst[i - 1]!.raw_metrics : {};
    return {
      id: item.id,
      action: item.action,
      user: item.user,
      at: item.at,
      reason: item.reason,
      values: Object.entries(item.raw_metrics)
        .filter(([key, value]) => item.action === 'entered' || before[key] !== value)
        .map(([key, value]) => ({ key, value, previous: item.action === 'entered' ? null : (before[key] ?? null) })),
    };
  });
  return rows.reverse();
}

/**
 * "Pressure 96.5 kPa": a value with its metric's label and unit (the bare key when the scheme has
 * none), with the metric's decimals, else as it was entered: an audit trail rounds nothing away.
 */
export function metricText(key: string, value: number, describe: DescribeMetric | undefined, locale: string) {
  const metric = describe?.(key);
  const number =
    metric?.decimals === undefined
      ? value.toLocaleString(locale, { maximumFractionDigits: 6 })
      : (formatValue(value, { decimals: metric.decimals }, locale) ?? String(value));
  return { label: metric?.label ?? key, value: metric?.unit ? `${number} ${metric.unit}` : number };
}

/** The labels of a scheme's raw metrics (what manual readings hold). */
export const describeFromScheme =
  (scheme: Pick<SchemeRef, 'spec'> | null | undefined): DescribeMetric =>
  (key) =>
    scheme?.spec.metrics.raw_metrics.find((m) => m.key === key);

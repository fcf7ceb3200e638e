import type { SchemeObject, SchemeRef } from '@vigil/domain';
import type { SchemeRecord } from './scheme-store.ts';

/** A scheme as device profiles embed it: metrics by group, invalid_metrics being raw + calculated. */
export function presentSchemeRef(record: SchemeRecord): SchemeRef {
  const { metrics, metric_limits, invalid_bounds } = record.spec;
  const forDisplay = ({
    key,
    label,
    unit,
    decimals,
  }: {
    key: string;
    label: string;
    unit: string;
    decimals?: number;
  }) => (decimals === undefined ? { key, label, unit } : { key, label, unit, decimals });
  return {
    id: record.id,
    name: record.name,
    type: record.type,
    spec: {
      metrics: {
        raw_metrics: metrics.raw_metrics,
        calculated_metrics: metrics.calculated_metrics,
        context_metrics: metrics.context_metrics,
        invalid_metrics: [...metrics.raw_metrics, ...metrics.calculated_metrics].map(forDisplay),
        user_metrics: metrics.user_metrics,
      },
      metric_limits,
      invalid_bounds,
    },
  };
}

export const presentScheme = (record: SchemeRecord): SchemeObject => ({
  ...presentSchemeRef(record),
  created_at: record.createdAt,
  updated_at: record.updatedAt,
});

import {
  chartableMetrics,
  metricInfo,
  type AggregateInterval,
  type DashboardCard,
  type SchemeObject,
  type TimeRange,
  type TimeseriesBody,
} from '@vigil/domain';
import type { DeviceSummary } from '../../../api/registry.ts';
import type { AggregationColumn } from '../../../components/aggregation-table/aggregation-table.tsx';

type Card = Extract<DashboardCard, { type: 'aggregation-table' }>;

/** The devices of the card that have its metric, one column each, by title. */
export function aggregationColumns(
  members: readonly DeviceSummary[],
  schemes: readonly SchemeObject[],
  card: Pick<Card, 'metric' | 'function'>,
): AggregationColumn[] {
  const collator = new Intl.Collator(undefined, { numeric: true });
  return members
    .flatMap((device) => {
      const scheme = schemes.find((s) => s.id === device.scheme?.id);
      if (!chartableMetrics(scheme).some((m) => m.metric === card.metric)) return [];
      const info = metricInfo(scheme, card.metric);
      // A count is of readings: a whole number without the metric's unit.
      return card.function === 'count'
        ? [{ key: device.id, label: device.title, unit: '', decimals: 0 }]
        : [{ key: device.id, label: device.title, unit: info.unit, decimals: info.decimals }];
    })
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The one provider call of the card: every column's device, aggregated per window. */
export function aggregationRequest(
  card: Pick<Card, 'metric' | 'function'>,
  interval: AggregateInterval,
  columns: readonly AggregationColumn[],
  range: TimeRange,
): TimeseriesBody {
  return {
    time_field: 'read_at',
    from_time: range.from.toISOString(),
    to_time: range.to.toISOString(),
    metric: card.metric,
    aggregation: { function: card.function, interval, group_by: 'monitored_entity' },
    filters: { monitored_entity_ids: columns.map((c) => c.key) },
  };
}

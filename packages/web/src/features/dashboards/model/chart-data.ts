import { type MetricInfo } from '@vigil/domain';
import type { ChartSeries, MetricLimit, TimeseriesBody, TimeseriesResult } from '@vigil/domain';
import type { TimeRange } from '@vigil/domain';
import { envelopePoints, valuePoints, type EnvelopePoint } from '../../../components/charts/chart-model.ts';

/**
 * One metrics-provider call per metric, aggregation function (avg unless the series names another) and
 * kind of series: the entity series of a metric share one call (grouped by monitored entity), data point
 * series share another (grouped by data point).
 * Without an interval the provider makes at most 2000 buckets of the range (requirements#monitoring-calls), so a
 * zoomed range comes back at a finer resolution.
 */
export function timeseriesRequests(series: readonly ChartSeries[], range: TimeRange): TimeseriesBody[] {
  const byKey = new Map<
    string,
    { metric: string; fn: AggregationOf<ChartSeries>; entities: Set<string>; dataPoints: Set<string> }
  >();
  for (const s of series) {
    const byDataPoint = s.data_point_id !== null;
    const fn = functionOf(s);
    const key = `${s.metric}|${fn}|${byDataPoint}`;
    const entry = byKey.get(key) ?? { metric: s.metric, fn, entities: new Set(), dataPoints: new Set() };
    if (byDataPoint) entry.dataPoints.add(s.data_point_id!);
    else entry.entities.add(s.entity_id);
    byKey.set(key, entry);
  }
  return [...byKey.values()].map(({ metric, fn, entities, dataPoints }) => ({
    time_field: 'read_at',
    from_time: range.from.toISOString(),
    to_time: range.to.toISOString(),
    metric,
    aggregation: {
      function: fn,
      group_by: dataPoints.size ? 'data_point_id' : 'monitored_entity',
      // Each bucket's least and greatest reading, so that no reading hides in an average (ADR 0036);
      // a sum is an amount per bucket, not a level among readings.
      ...(fn !== 'sum' && { envelope: true }),
    },
    filters: dataPoints.size ? { data_point_ids: [...dataPoints] } : { monitored_entity_ids: [...entities] },
  }));
}

type AggregationOf<T extends { function?: unknown }> = NonNullable<T['function']>;

/** How a series' readings are aggregated per bucket: its own function, else the average. */
export const functionOf = (s: ChartSeries): AggregationOf<ChartSeries> => s.function ?? 'avg';

type AnsweredSeries = NonNullable<ReturnType<typeof answerOf>>;

/**
 * An answer's series read once: a card's data is worked out again whenever its limits, devices or
 * calibrations arrive, and 2,000 buckets of times to parse each time were most of that work.
 */
const pointsRead = new WeakMap<AnsweredSeries, Array<[number, number]>>();
const envelopesRead = new WeakMap<AnsweredSeries, EnvelopePoint[]>();

/** The points of one card series in the answers to its requests, oldest first, times in epoch ms (shared: not to be changed). */
export function seriesPoints(
  series: ChartSeries,
  results: ReadonlyArray<TimeseriesResult | undefined>,
  requests: readonly TimeseriesBody[],
): Array<[number, number]> {
  const found = answerOf(series, results, requests);
  if (!found) return [];
  let points = pointsRead.get(found);
  if (!points) pointsRead.set(found, (points = valuePoints(found.values)));
  return points;
}

/** The envelope of one card series (each bucket's least and greatest reading and count), oldest first (shared). */
export function seriesEnvelope(
  series: ChartSeries,
  results: ReadonlyArray<TimeseriesResult | undefined>,
  requests: readonly TimeseriesBody[],
): EnvelopePoint[] {
  const found = answerOf(series, results, requests);
  if (!found) return [];
  let envelope = envelopesRead.get(found);
  if (!envelope) envelopesRead.set(found, (envelope = envelopePoints(found)));
  return envelope;
}

/** The series of the answers that holds one card series, if any. */
function answerOf(
  series: ChartSeries,
  results: ReadonlyArray<TimeseriesResult | undefined>,
  requests: readonly TimeseriesBody[],
) {
  const at = requests.findIndex(
    (r) =>
      r.metric === series.metric &&
      (r.aggregation?.function ?? 'avg') === functionOf(series) &&
      (series.data_point_id === null
        ? r.filters?.monitored_entity_ids?.includes(series.entity_id)
        : r.filters?.data_point_ids?.includes(series.data_point_id)),
  );
  const data = results[at]?.data ?? [];
  return data.find((d) =>
    series.data_point_id === null ? d.monitored_entity === series.entity_id : d.data_point_id === series.data_point_id,
  );
}

export interface CardLimit {
  level: 'warning' | 'critical';
  bound: 'upper' | 'lower';
  value: number;
  unit: string;
}

/**
 * The limit lines of a chart: a limit is drawn when every entity charted with that metric has it at
 * the same value (one piezometer, or several under their scheme's limits). Limits that differ between
 * the devices of one chart would only clutter it; each device's own chart shows them. A summed series
 * has none: a limit on one reading says nothing of the sum of a bucket's readings.
 */
export function sharedLimits(
  series: readonly ChartSeries[],
  infoOf: (s: ChartSeries) => MetricInfo,
  limitsOfEntity: (entityId: string) => readonly MetricLimit[] | undefined,
): CardLimit[] {
  const byMetric = new Map<string, { info: MetricInfo; entities: Set<string> }>();
  for (const s of series) {
    if (functionOf(s) === 'sum') continue;
    const info = infoOf(s);
    const entry = byMetric.get(info.metric) ?? { info, entities: new Set<string>() };
    entry.entities.add(s.entity_id);
    byMetric.set(info.metric, entry);
  }
  const lines: CardLimit[] = [];
  for (const { info, entities } of byMetric.values()) {
    const perEntity = [...entities].map((id) =>
      (limitsOfEntity(id) ?? []).filter((l) => l.group === info.group && l.metric === info.key),
    );
    for (const limit of perEntity[0] ?? []) {
      const same = perEntity.every((list) =>
        list.some((l) => l.level === limit.level && l.bound === limit.bound && l.value === limit.value),
      );
      if (same) lines.push({ level: limit.level, bound: limit.bound, value: limit.value, unit: info.unit });
    }
  }
  return lines;
}

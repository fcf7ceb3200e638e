import {
  DEFAULT_CHART_RANGE_MS,
  TIMESERIES_SAMPLE_SIZE,
  type TimeseriesBody,
  type TimeseriesGroupBy,
} from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { validationError } from '../../http/errors.ts';
import { aggregate, WINDOW_LIMITS, type Plan } from './aggregate.ts';
import { WindowAccumulator } from './bucket-accumulator.ts';
import {
  DAY_MS,
  HOUR_MS,
  fixedBuckets,
  monthBuckets,
  rawOnly,
  weekBuckets,
  windowsOf,
  type Bucketing,
} from './bucketing.ts';
import { findContextValues } from './context-values.ts';
import { keysOf, parseMetric, seriesSelector, type SeriesFilters } from './metric-selection.ts';
import { findOutputKeys, findSeries } from './series-store.ts';
import { TimeseriesPresenter } from './timeseries-presenter.ts';

/** Most buckets one call may span per series, whatever is stored. */
const MAX_BUCKETS = 1_000_000;

/** The time range of a call: [from, end) in epoch ms, `to_time` inclusive. */
export function timeRange(fromTime: string | undefined, toTime: string | undefined, defaultSpanMs: number) {
  const to = toTime ? Date.parse(toTime) : Date.now();
  const from = fromTime ? Date.parse(fromTime) : to - defaultSpanMs;
  if (from > to) throw validationError('Invalid time range', { from_time: ['Must not be after to_time'] });
  return { from, end: to + 1 };
}

/** The buckets a body asks for; without an interval, range / sample_size seconds (at least 1). */
export function bucketingOf(body: TimeseriesBody, from: number, end: number): Bucketing {
  const interval = body.aggregation?.interval;
  let bucketing: Bucketing;
  if (interval === 'hour') bucketing = fixedBuckets(HOUR_MS);
  else if (interval === 'day') bucketing = fixedBuckets(DAY_MS);
  else if (interval === 'week') bucketing = weekBuckets();
  else if (interval === 'month') bucketing = monthBuckets();
  else {
    const sampleSize = body.sample_size ?? TIMESERIES_SAMPLE_SIZE;
    const seconds = body.aggregation?.interval_sec ?? Math.max(1, Math.floor((end - 1 - from) / 1000 / sampleSize));
    bucketing = fixedBuckets(seconds * 1000);
  }
  if (bucketing.width !== undefined && (end - from) / bucketing.width > MAX_BUCKETS) {
    throw validationError('Too many buckets', {
      'aggregation.interval_sec': ['Choose a longer interval or a shorter range'],
    });
  }
  // Rollups cannot tell zero values apart.
  return body.filters?.exclude_zero_values ? rawOnly(bucketing) : bucketing;
}

/** POST metrics/timeseries/: the JSON text of `{data: [...]}`, written as the windows are read. */
export async function timeseries(db: Db, dialect: Dialect, projectId: string, body: TimeseriesBody): Promise<Buffer> {
  const { from, end } = timeRange(body.from_time, body.to_time, DEFAULT_CHART_RANGE_MS);
  const groupBy: TimeseriesGroupBy = body.aggregation?.group_by ?? 'monitored_entity';
  const plan: Plan = {
    bucketing: bucketingOf(body, from, end),
    from,
    end,
    fn: body.aggregation?.function ?? 'avg',
    excludeZero: body.filters?.exclude_zero_values ?? false,
    envelope: body.aggregation?.envelope ?? false,
  };
  const validOnly = body.filters?.valid_only ?? true;
  const series = await findSeries(db, projectId, seriesSelector(body.metric, validOnly, body.filters, groupBy));
  const { key, groups } = parseMetric(body.metric, validOnly);
  if (!series.length && groups.includes('context_metrics')) {
    return contextTimeseries(db, dialect, projectId, key, body.filters, groupBy, plan);
  }
  const { keys, keyIndex } = keysOf(series, groupBy);
  const presenter = new TimeseriesPresenter(groupBy, keys, plan.envelope);
  await aggregate(db, dialect, series, keyIndex, keys.length, plan, presenter);
  return presenter.toJson();
}

/** A context metric's series, from the values stored with each reading (never rolled up). */
async function contextTimeseries(
  db: Db,
  dialect: Dialect,
  projectId: string,
  key: string,
  filters: SeriesFilters | undefined,
  groupBy: TimeseriesGroupBy,
  plan: Plan,
): Promise<Buffer> {
  const bucketing = rawOnly(plan.bucketing);
  const selector = {
    key,
    entityIds: filters?.monitored_entity_ids,
    dataPointIds: filters?.data_point_ids,
    ofDataPoints: groupBy === 'data_point_id',
  };
  const keys = await findOutputKeys(db, projectId, groupBy, filters);
  const index = new Map(keys.map((k, i) => [k, i]));
  const presenter = new TimeseriesPresenter(groupBy, keys, plan.envelope);
  for (const window of windowsOf(bucketing, plan.from, plan.end, WINDOW_LIMITS.raw)) {
    const acc = new WindowAccumulator(bucketing, window, keys.length);
    for (const r of await findContextValues(db, dialect, projectId, selector, iso(window.from), iso(window.end))) {
      const k = index.get(groupBy === 'data_point_id' ? r.data_point_id : r.entity_id);
      if (k === undefined || typeof r.value !== 'number' || (plan.excludeZero && r.value === 0)) continue;
      acc.addValue(k, Date.parse(r.read_at), r.value);
    }
    acc.emit(plan.fn, presenter, plan.envelope);
  }
  return presenter.toJson();
}

const iso = (t: number) => new Date(t).toISOString();

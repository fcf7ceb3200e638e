import { z } from 'zod';
import { idSchema } from './api.ts';
import { METRICS_PAGE_SIZE } from './metrics-constants.ts';

/**
 * Metrics provider (requirements#monitoring-entities metric reading and timeseries result,
 * requirements#monitoring-calls calls, requirements#monitoring-constants constants).
 */

/** The metric groups of a stored reading (requirements#monitoring-calls: the `fields` of metrics/latest). */
export const READING_GROUPS = ['raw_metrics', 'calculated_metrics', 'context_metrics', 'invalid_metrics'] as const;
export type ReadingGroup = (typeof READING_GROUPS)[number];

export const AGGREGATION_FUNCTIONS = ['avg', 'first', 'min', 'max', 'sum', 'count'] as const;
export type AggregationFunction = (typeof AGGREGATION_FUNCTIONS)[number];
/**
 * Aggregate windows (requirements#monitoring-calls); weeks start on Monday, months are calendar months, both in UTC.
 */
export const AGGREGATE_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type AggregateInterval = (typeof AGGREGATE_INTERVALS)[number];
export const TIMESERIES_GROUP_BY = ['monitored_entity', 'data_point_id'] as const;
export type TimeseriesGroupBy = (typeof TIMESERIES_GROUP_BY)[number];
export const RATE_OF_CHANGE_DAYS = [1, 7, 14, 30] as const;
export const RATE_OF_CHANGE_RESULTS = ['delta', 'percentage'] as const;
export const INTERPOLATION_METHODS = ['idw', 'nearest'] as const;
export type InterpolationMethod = (typeof INTERPOLATION_METHODS)[number];
export const INTERPOLATION_METHOD_REQUIRED = 'Interpolation method is required';

/** The only time field of a reading that can be queried. */
const timeField = z.enum(['read_at']);
const isoTime = z.iso.datetime({ offset: true, error: 'Enter an ISO-8601 date and time with its zone' });
const idList = z.array(idSchema).max(1000);
const metricKey = '[A-Za-z_][A-Za-z0-9_]{0,63}';

/** `group.key` (e.g. `raw_metrics.pressure`) or a bare `key`, which matches every valid group. */
export const metricName = z
  .string()
  .regex(new RegExp(`^(?:(?:${READING_GROUPS.join('|')})\\.)?${metricKey}$`), 'Use group.key or key');

/** Wire names a reading can be selected by (`fields`), besides dotted metric keys such as `raw_metrics.pressure`. */
export const READING_FIELDS = [
  'monitored_entity_id',
  'data_point_id',
  'read_at',
  'received_at',
  'source',
  'manual',
  ...READING_GROUPS,
];

/** Where a reading came from: a device (logger, MQTT, the simulator), or entered by hand (ADR 0027). */
export const READING_SOURCES = ['device', 'manual'] as const;

/** Who entered a manual reading and when, and its last correction. */
export const manualReadingInfoSchema = z.object({
  id: z.string(),
  data_session: z.string(),
  entered_by: z.string().nullable(),
  entered_at: z.string(),
  corrected_by: z.string().nullable(),
  corrected_at: z.string().nullable(),
});
export type ManualReadingInfo = z.infer<typeof manualReadingInfoSchema>;
const readingField = z
  .string()
  .regex(new RegExp(`^(?:${READING_FIELDS.join('|')})(?:\\.${metricKey})?$`), 'Unknown field');

const metricValues = z.record(z.string(), z.number());

/** A metric reading (requirements#monitoring-entities); `data_point_id` is null for a reading of the entity itself. */
export const metricReadingSchema = z.object({
  monitored_entity_id: z.string(),
  data_point_id: z.string().nullable(),
  read_at: z.string(),
  received_at: z.string(),
  source: z.enum(READING_SOURCES),
  /** for a manual reading, who entered it and when; null for a device's */
  manual: manualReadingInfoSchema.nullable(),
  raw_metrics: metricValues,
  calculated_metrics: metricValues,
  context_metrics: metricValues,
  invalid_metrics: metricValues,
  /**
   * why a calculated metric has no value (a calibration factor missing, requirements#site-contracts); absent when none
   */
  invalid_reasons: z.record(z.string(), z.string()).optional(),
});
export type MetricReading = z.infer<typeof metricReadingSchema>;

export const READING_ORDERINGS = ['read_at', '-read_at', 'monitored_entity_id', '-monitored_entity_id'] as const;

/** Query of `GET metrics/` and `GET metrics/latest/`, besides paging, `fields` and `ordering`. */
export const readingQueryParams = {
  time_field: timeField.optional(),
  'read_at.from_time': isoTime.optional(),
  'read_at.to_time': isoTime.optional(),
  monitored_entity_ids: z
    .string()
    .max(65_000)
    .regex(/^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64})*$/, 'Give comma-separated ids')
    .optional(),
};

/** `POST metrics/latest/`: the newest reading per data point or per monitored entity; paging in the query. */
export const latestMetricsBody = z.strictObject({
  time_field: timeField.optional(),
  ordering: z.enum(READING_ORDERINGS).optional(),
  latest_by: z.enum(['data_point_id', 'monitored_entity_id']).optional(),
  from_time: isoTime.optional(),
  to_time: isoTime.optional(),
  filters: z.strictObject({ data_point_ids: idList.optional(), monitored_entity_ids: idList.optional() }).optional(),
  /** groups or dotted metric keys; the reading's identity (entity, data point, read_at) is always kept */
  fields: z.array(readingField).max(100).optional(),
});
export type LatestMetricsBody = z.infer<typeof latestMetricsBody>;

/** Page query of `POST metrics/latest/` (requirements#monitoring-constants: page size 100). */
export const latestMetricsPage = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  paginate_by: z.coerce.number().int().min(1).max(METRICS_PAGE_SIZE).optional(),
});

/**
 * `POST metrics/timeseries/`. Without `interval` or `interval_sec` the buckets are
 * max(1, floor(range seconds / sample_size)) seconds. Buckets are aligned to the UTC epoch (weeks:
 * Monday, months: calendar) and keyed by their start; empty buckets are left out.
 */
export const timeseriesBody = z
  .strictObject({
    time_field: timeField.optional(),
    /** default: 168 hours before to_time */
    from_time: isoTime.optional(),
    /** default: now; inclusive */
    to_time: isoTime.optional(),
    metric: metricName,
    aggregation: z
      .strictObject({
        function: z.enum(AGGREGATION_FUNCTIONS).optional(),
        group_by: z.enum(TIMESERIES_GROUP_BY).optional(),
        interval: z.enum(AGGREGATE_INTERVALS).optional(),
        interval_sec: z
          .number()
          .int()
          .min(1)
          .max(366 * 86_400)
          .optional(),
        /** adds each bucket's least and greatest valid value (`envelope`) and count (`counts`) */
        envelope: z.boolean().optional(),
      })
      .optional(),
    filters: z
      .strictObject({
        /** default true: values that ingest moved to invalid_metrics are left out */
        valid_only: z.boolean().optional(),
        data_point_ids: idList.optional(),
        monitored_entity_ids: idList.optional(),
        exclude_zero_values: z.boolean().optional(),
      })
      .optional(),
    sample_size: z.number().int().min(1).max(20_000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.aggregation?.interval && body.aggregation.interval_sec !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['aggregation', 'interval_sec'], message: 'Give interval or interval_sec' });
    }
  });
export type TimeseriesBody = z.infer<typeof timeseriesBody>;

/** One series of a timeseries result (requirements#monitoring-entities): values keyed by ISO bucket start. */
export const timeseriesSeriesSchema = z.object({
  monitored_entity: z.string().optional(),
  data_point_id: z.string().optional(),
  values: z.record(z.string(), z.number()),
  /** with `aggregation.envelope`: [least, greatest] valid value of each bucket, keyed like `values` */
  envelope: z.record(z.string(), z.tuple([z.number(), z.number()])).optional(),
  /** with `aggregation.envelope`: how many values each bucket holds */
  counts: z.record(z.string(), z.number()).optional(),
});
export const timeseriesResultSchema = z.object({ data: z.array(timeseriesSeriesSchema) });
export type TimeseriesResult = z.infer<typeof timeseriesResultSchema>;

const methodRequired = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? INTERPOLATION_METHOD_REQUIRED : undefined),
};

/**
 * `POST metrics/heatmap/`: one value per located device, interpolated over a grid spanning them.
 * With `time` (default now) a device's value is its newest within `time_interval_oversampling`
 * seconds before it (default 3600); with `from_time` and `to_time` it is the average over that range,
 * widened backwards by `time_interval_oversampling` (default 0).
 */
export const heatmapBody = z
  .strictObject({
    metric: metricName,
    time: isoTime.optional(),
    from_time: isoTime.optional(),
    to_time: isoTime.optional(),
    interpolation: z.strictObject(
      {
        method: z.enum(INTERPOLATION_METHODS, methodRequired),
        /** inverse-distance power, default 2 */
        power: z.number().min(0.1).max(10).optional(),
        grid: z
          .strictObject({ width: z.number().int().min(1).max(256), height: z.number().int().min(1).max(256) })
          .optional(),
      },
      methodRequired,
    ),
    time_interval_oversampling: z
      .number()
      .int()
      .min(0)
      .max(90 * 86_400)
      .optional(),
    filters: z.strictObject({ monitored_entity_ids: idList.optional() }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.time && (body.from_time || body.to_time)) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'Give time or from_time and to_time' });
    }
    if (Boolean(body.from_time) !== Boolean(body.to_time)) {
      ctx.addIssue({
        code: 'custom',
        path: [body.from_time ? 'to_time' : 'from_time'],
        message: 'Required with the other end of the range',
      });
    }
  });
export type HeatmapBody = z.infer<typeof heatmapBody>;

export const heatmapResultSchema = z.object({
  metric: z.string(),
  from_time: z.string(),
  to_time: z.string(),
  method: z.enum(INTERPOLATION_METHODS),
  /** null when no device has a value */
  bounds: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }).nullable(),
  /** rows from north to south, cells from west to east, each value at the cell's centre */
  grid: z.object({ width: z.number(), height: z.number(), values: z.array(z.array(z.number())) }),
  points: z.array(
    z.object({
      monitored_entity: z.string(),
      longitude: z.number(),
      latitude: z.number(),
      value: z.number().nullable(),
    }),
  ),
});
export type HeatmapResult = z.infer<typeof heatmapResultSchema>;

/** `POST metrics/rate-of-change/`: the change of a metric over the last `interval_days` before `to_time`. */
export const rateOfChangeBody = z.strictObject({
  interval_days: z
    .number()
    .int()
    .refine((d) => (RATE_OF_CHANGE_DAYS as readonly number[]).includes(d), 'Use 1, 7, 14 or 30')
    .optional(),
  metric: metricName,
  result_type: z.enum(RATE_OF_CHANGE_RESULTS).optional(),
  group_by: z.enum(TIMESERIES_GROUP_BY).optional(),
  /** default: now */
  to_time: isoTime.optional(),
  filters: z.strictObject({ data_point_ids: idList.optional(), monitored_entity_ids: idList.optional() }).optional(),
});
export type RateOfChangeBody = z.infer<typeof rateOfChangeBody>;

const readingPoint = z.object({ read_at: z.string(), value: z.number() });
export const rateOfChangeResultSchema = z.object({
  interval_days: z.number(),
  result_type: z.enum(RATE_OF_CHANGE_RESULTS),
  from_time: z.string(),
  to_time: z.string(),
  data: z.array(
    z.object({
      monitored_entity: z.string().optional(),
      data_point_id: z.string().optional(),
      /** last − first, or that change in percent of |first| (null when first is 0) */
      value: z.number().nullable(),
      first: readingPoint,
      last: readingPoint,
    }),
  ),
});
export type RateOfChangeResult = z.infer<typeof rateOfChangeResultSchema>;

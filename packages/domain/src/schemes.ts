import { z } from 'zod';
import { expressionError } from './expressions.ts';

/** Scheme types of requirements#monitoring-entities. */
export const SCHEME_TYPES = [
  'standard',
  'displacement',
  'phreatic_surface',
  'soil_moisture',
  'water_level',
  'meteorological',
  'ditemp',
] as const;
export type SchemeType = (typeof SCHEME_TYPES)[number];

export const ENTITY_TYPES = ['instrument', 'interface-node', 'virtual-device'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Metric groups of a reading; invalid_metrics is filled by ingest, never declared. */
export const METRIC_GROUPS = ['raw_metrics', 'calculated_metrics', 'context_metrics', 'user_metrics'] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number] | 'invalid_metrics';

const metricKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and _ (not starting with a digit)');

const DAY_SECONDS = 86_400;
/** Seconds per aggregate of Nelson's rules 2–8 when a metric names none (ADR 0023): hourly means. */
export const DEFAULT_STATISTICS_PERIOD = 3600;
/**
 * Seconds per aggregate (a mean) on which the statistics rules evaluate Nelson's rules 2–8 (ADR
 * 0023): a minute to a week, dividing a day or made of whole days, so that periods line up with UTC days.
 */
export const statisticsPeriod = z
  .number()
  .int()
  .min(60)
  .max(7 * DAY_SECONDS)
  .refine(
    (seconds) => DAY_SECONDS % seconds === 0 || seconds % DAY_SECONDS === 0,
    'A statistics period divides a day (600, 3600, 21600 s …) or is a number of whole days',
  );

export const metricDefinition = z.strictObject({
  key: metricKey,
  label: z.string().min(1).max(120),
  unit: z.string().max(32),
  decimals: z.number().int().min(0).max(10).optional(),
  /** raw and calculated metrics with limits: seconds per mean of the trend rules (DEFAULT_STATISTICS_PERIOD) */
  statistics_period: statisticsPeriod.optional(),
});
export type MetricDefinition = z.infer<typeof metricDefinition>;

/** A calculated metric; a formula that does not parse is refused naming the metric and the parse error. */
export const calculatedMetricDefinition = metricDefinition
  .extend({ formula: z.string().min(1).max(2000) })
  .superRefine((metric, ctx) => {
    const error = expressionError(metric.formula);
    if (error)
      ctx.addIssue({ code: 'custom', path: ['formula'], message: `Formula of ${metric.key} does not parse: ${error}` });
  });
export type CalculatedMetricDefinition = z.infer<typeof calculatedMetricDefinition>;

export const LIMIT_LEVELS = ['warning', 'critical'] as const;
export const LIMIT_BOUNDS = ['upper', 'lower'] as const;

/**
 * A warning or critical limit (requirements#monitoring-entities: metric group, metric, warning or critical, upper or
 * lower),
 * with its alarm behaviour (ADR 0023; defaults in limit-hysteresis.ts): `deadband`, in the metric's
 * unit, is how far back past the limit a value must come to clear it; `on_delay` (seconds) and
 * `on_delay_readings` how long and for how many readings in a row it must be reached before it is
 * raised; `off_delay` (seconds) how long the value must stay back before the limit clears.
 */
export const metricLimit = z.strictObject({
  group: z.enum(['raw_metrics', 'calculated_metrics', 'context_metrics', 'user_metrics']),
  metric: metricKey,
  level: z.enum(LIMIT_LEVELS),
  bound: z.enum(LIMIT_BOUNDS),
  value: z.number().finite(),
  deadband: z.number().finite().min(0).optional(),
  on_delay: z.number().int().min(0).max(DAY_SECONDS).optional(),
  on_delay_readings: z.number().int().min(1).max(1000).optional(),
  off_delay: z.number().int().min(0).max(DAY_SECONDS).optional(),
});
export type MetricLimit = z.infer<typeof metricLimit>;

/** Values beyond an invalid bound are physically impossible: ingest moves them to invalid_metrics. */
export const invalidBound = z.strictObject({
  group: z.enum(['raw_metrics', 'calculated_metrics']),
  metric: metricKey,
  bound: z.enum(LIMIT_BOUNDS),
  value: z.number().finite(),
});
export type InvalidBound = z.infer<typeof invalidBound>;

export const schemeSpec = z.strictObject({
  metrics: z.strictObject({
    raw_metrics: z.array(metricDefinition).max(200),
    calculated_metrics: z.array(calculatedMetricDefinition).max(200).default([]),
    context_metrics: z.array(metricDefinition).max(200).default([]),
    user_metrics: z.array(metricDefinition).max(200).default([]),
  }),
  metric_limits: z.array(metricLimit).max(400).default([]),
  invalid_bounds: z.array(invalidBound).max(400).default([]),
});
export type SchemeSpec = z.infer<typeof schemeSpec>;

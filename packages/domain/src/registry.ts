import { z } from 'zod';
import { idSchema } from './api.ts';
import { compileExpression, expressionError } from './expressions.ts';
import { CALIBRATION_PREFIX } from './calibrations.ts';
import { entityRulesBody, entityRulesSchema } from './entity-rules.ts';
import {
  ENTITY_TYPES,
  SCHEME_TYPES,
  calculatedMetricDefinition,
  invalidBound,
  metricDefinition,
  metricLimit,
  schemeSpec,
  type MetricLimit,
  type SchemeSpec,
} from './schemes.ts';

/**
 * Device registry (requirements#monitoring-entities, #monitoring-calls): device profiles, schemes, groups and data
 * points.
 */

const stateValue = z.string();
const changedAt = z.string().nullable();

/** `monitored_entities.states`: every state of an entity as the rules engine last derived it. */
export const entityStatesSchema = z.object({
  safety_state: stateValue,
  safety_state_changed_at: changedAt,
  operational_state: stateValue,
  operational_state_changed_at: changedAt,
  health_state: stateValue,
  health_state_changed_at: changedAt,
  connectivity_state: stateValue,
  connectivity_state_changed_at: changedAt,
  abnormality_state: stateValue,
  abnormality_state_changed_at: changedAt,
  trend_state: stateValue,
  trend_state_changed_at: changedAt,
  metric_limits_state: stateValue,
  metric_limits_state_changed_at: changedAt,
  metric_quality_state: stateValue,
  metric_quality_state_changed_at: changedAt,
  device_state: stateValue,
  sensors_state: stateValue,
  data_quality_issues_state: stateValue,
});
export type EntityStates = z.infer<typeof entityStatesSchema>;

/**
 * What an entity shows before anything is known of it (requirements#monitoring-entities: defaults when a snapshot is
 * missing).
 */
export const DEFAULT_ENTITY_STATES: EntityStates = {
  safety_state: 'unknown',
  safety_state_changed_at: null,
  operational_state: 'unknown',
  operational_state_changed_at: null,
  health_state: 'unknown',
  health_state_changed_at: null,
  connectivity_state: 'unknown',
  connectivity_state_changed_at: null,
  abnormality_state: 'unknown',
  abnormality_state_changed_at: null,
  trend_state: 'unknown',
  trend_state_changed_at: null,
  metric_limits_state: 'unknown',
  metric_limits_state_changed_at: null,
  metric_quality_state: 'unknown',
  metric_quality_state_changed_at: null,
  device_state: 'unknown',
  sensors_state: 'unhealthy',
  data_quality_issues_state: 'unknown',
};

/** `entity_snapshots.states`: the states plus the switches that change how they read. */
export const snapshotStatesSchema = entityStatesSchema.extend({
  maintenance_mode: z.boolean(),
  turned_off: z.boolean(),
  decommissioned: z.boolean(),
});
export type SnapshotStates = z.infer<typeof snapshotStatesSchema>;

export const DEFAULT_SNAPSHOT_STATES: SnapshotStates = {
  ...DEFAULT_ENTITY_STATES,
  maintenance_mode: false,
  turned_off: false,
  decommissioned: false,
};

/** A GeoJSON point: longitude first, then latitude. */
export const pointLocation = z.strictObject({
  type: z.literal('Point'),
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
});
export type PointLocation = z.infer<typeof pointLocation>;

export const ATTACHMENT_TYPES = ['image', 'pdf', 'video', 'document', 'other'] as const;
export const attachmentSchema = z.strictObject({
  type: z.enum(ATTACHMENT_TYPES),
  public_url: z.string().min(1).max(2048),
  label: z.string().max(200),
  original_filename: z.string().max(255),
});
export type Attachment = z.infer<typeof attachmentSchema>;

type DeclaredGroup = 'raw_metrics' | 'calculated_metrics' | 'context_metrics' | 'user_metrics';

/** The metric keys a scheme declares, by group. */
export function declaredMetrics(spec: Pick<SchemeSpec, 'metrics'>): Record<DeclaredGroup, Set<string>> {
  const keys = (list: Array<{ key: string }> | undefined) => new Set((list ?? []).map((m) => m.key));
  return {
    raw_metrics: keys(spec.metrics.raw_metrics),
    calculated_metrics: keys(spec.metrics.calculated_metrics),
    context_metrics: keys(spec.metrics.context_metrics),
    user_metrics: keys(spec.metrics.user_metrics),
  };
}

/**
 * Cross-field rules of a scheme: metric keys are unique across groups (formulas see one flat scope),
 * a formula reads only raw, context, user or earlier calculated metrics (and calibration factors, `cal.<name>`), and limits and invalid bounds
 * name a metric declared in their group.
 */
export function checkSchemeReferences(spec: SchemeSpec, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const group of ['raw_metrics', 'context_metrics', 'user_metrics', 'calculated_metrics'] as const) {
    spec.metrics[group].forEach((metric, i) => {
      if (seen.has(metric.key))
        ctx.addIssue({ code: 'custom', path: ['metrics', group, i, 'key'], message: `Duplicate metric ${metric.key}` });
      seen.add(metric.key);
    });
  }
  const readable = new Set([
    ...spec.metrics.raw_metrics.map((m) => m.key),
    ...spec.metrics.context_metrics.map((m) => m.key),
    ...spec.metrics.user_metrics.map((m) => m.key),
  ]);
  spec.metrics.calculated_metrics.forEach((metric, i) => {
    if (!expressionError(metric.formula)) {
      for (const name of compileExpression(metric.formula).variables.filter(
        (v) => !readable.has(v) && !v.startsWith(CALIBRATION_PREFIX),
      )) {
        ctx.addIssue({
          code: 'custom',
          path: ['metrics', 'calculated_metrics', i, 'formula'],
          message: `Unknown metric in formula: ${name}`,
        });
      }
    }
    readable.add(metric.key);
  });
  const declared = declaredMetrics(spec);
  const checkNamed = (list: 'metric_limits' | 'invalid_bounds') =>
    spec[list].forEach((limit, i) => {
      if (!declared[limit.group].has(limit.metric))
        ctx.addIssue({
          code: 'custom',
          path: [list, i, 'metric'],
          message: `Unknown metric ${limit.group}.${limit.metric}`,
        });
    });
  checkNamed('metric_limits');
  checkNamed('invalid_bounds');
}

/** A scheme's spec as written: the domain schemeSpec plus its cross-field rules. */
export const schemeSpecBody = schemeSpec.superRefine(checkSchemeReferences);

const schemeName = z.string().trim().min(1).max(120);
export const schemeCreateBody = z.strictObject({ name: schemeName, type: z.enum(SCHEME_TYPES), spec: schemeSpecBody });
export type SchemeCreateBody = z.infer<typeof schemeCreateBody>;
export const schemePatchBody = z.strictObject({
  name: schemeName.optional(),
  type: z.enum(SCHEME_TYPES).optional(),
  spec: schemeSpecBody.optional(),
});
export type SchemePatchBody = z.infer<typeof schemePatchBody>;

/** The metric groups of a scheme for display; invalid_metrics lists what ingest may move there. */
export const schemeMetricsSchema = z.object({
  raw_metrics: z.array(metricDefinition),
  calculated_metrics: z.array(calculatedMetricDefinition),
  context_metrics: z.array(metricDefinition),
  invalid_metrics: z.array(metricDefinition),
  user_metrics: z.array(metricDefinition),
});

export const schemeRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(SCHEME_TYPES),
  spec: z.object({
    metrics: schemeMetricsSchema,
    metric_limits: z.array(metricLimit),
    invalid_bounds: z.array(invalidBound),
  }),
});
export type SchemeRef = z.infer<typeof schemeRefSchema>;

export const schemeSchema = schemeRefSchema.extend({ created_at: z.string(), updated_at: z.string() });
export type SchemeObject = z.infer<typeof schemeSchema>;

const limitKey = (l: MetricLimit) => `${l.group}.${l.metric}.${l.level}.${l.bound}`;

/** The limits in force for an entity: the scheme's, each replaced by the entity's of the same kind. */
export function effectiveMetricLimits(schemeLimits: MetricLimit[], entityLimits: MetricLimit[]): MetricLimit[] {
  const own = new Map(entityLimits.map((l) => [limitKey(l), l]));
  const inherited = schemeLimits.filter((l) => !own.has(limitKey(l)));
  return [...inherited, ...own.values()];
}

export const entityRefSchema = z.object({ id: z.string(), eid: z.string(), title: z.string() });
export type EntityRef = z.infer<typeof entityRefSchema>;

const userMetricValue = z.union([z.number(), z.string().max(1000), z.boolean(), z.null()]);

/** A device profile (requirements#monitoring-entities): an instrument, interface node or virtual device. */
export const deviceProfileSchema = z.object({
  id: z.string(),
  title: z.string(),
  eid: z.string(),
  description: z.string(),
  monitored_entity_type: z.enum(ENTITY_TYPES),
  scheme: schemeRefSchema.nullable(),
  /** effective limits: the scheme's overridden by the entity's */
  metric_limits: z.array(metricLimit),
  attachments: z.array(attachmentSchema),
  location: pointLocation.nullable(),
  ...entityStatesSchema.shape,
  maintenance_mode: z.boolean(),
  turned_off: z.boolean(),
  decommissioned: z.boolean(),
  latest_payload_received_at: z.string().nullable(),
  latest_payload_read_at: z.string().nullable(),
  /** seconds */
  contracted_sla_time: z.number(),
  asset_certificate: z.string().nullable(),
  labels: z.array(z.string()),
  user_metrics: z.record(z.string(), userMetricValue),
  /** context metric values, e.g. tip_elevation */
  context: z.record(z.string(), z.number()),
  interface_node: entityRefSchema.nullable(),
  /** for interface nodes: the instruments they hold */
  instruments: z.array(entityRefSchema),
  rules: entityRulesSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeviceProfile = z.infer<typeof deviceProfileSchema>;

/** A device profile as of its latest snapshot at or before a time; snapshot_* are null without one. */
export const deviceProfileSnapshotSchema = deviceProfileSchema.extend({
  snapshot_id: z.string().nullable(),
  snapshot_created_at: z.string().nullable(),
});
export type DeviceProfileSnapshot = z.infer<typeof deviceProfileSnapshotSchema>;

export const eidSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'Use letters, digits and . _ : - (starting with a letter or digit)');

const metricKey = metricDefinition.shape.key;

/** POST instruments, interface-nodes, virtual-devices. Limits and context are checked against the scheme. */
export const deviceCreateBody = z.strictObject({
  eid: eidSchema,
  title: z.string().trim().min(1).max(200),
  description: z.string().max(4000).optional(),
  scheme: idSchema,
  /** instruments only: the interface node (data logger) that reads them */
  interface_node: idSchema.nullable().optional(),
  location: pointLocation.nullable().optional(),
  context: z.record(metricKey, z.number().finite()).optional(),
  metric_limits: z.array(metricLimit).max(400).optional(),
  rules: entityRulesBody.optional(),
  /** seconds between payloads promised by the contract; connectivity is judged against it */
  contracted_sla_time: z.number().int().min(1).max(31_536_000).optional(),
  asset_certificate: z.string().max(500).nullable().optional(),
  labels: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
  user_metrics: z.record(metricKey, userMetricValue).optional(),
  attachments: z.array(attachmentSchema).max(50).optional(),
  maintenance_mode: z.boolean().optional(),
  turned_off: z.boolean().optional(),
});
export type DeviceCreateBody = z.infer<typeof deviceCreateBody>;

/** PATCH: the fields sent replace the stored ones. */
export const devicePatchBody = deviceCreateBody.partial();
export type DevicePatchBody = z.infer<typeof devicePatchBody>;

export const DEFAULT_CONTRACTED_SLA_TIME = 3600;

/** A device group (requirements#monitoring-entities). */
export const basicGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  device_profiles: z.array(z.string()),
  monitored_entities: z.array(z.object({ monitored_entity_id: z.string() })),
  created_at: z.string(),
  /** moved by every change; the group's ETag (ADR 0034) */
  updated_at: z.string(),
});
export type BasicGroup = z.infer<typeof basicGroupSchema>;

const groupTitle = z.string().trim().min(1).max(200);
const groupType = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, _ and -');
export const basicGroupCreateBody = z.strictObject({
  title: groupTitle,
  type: groupType.default('area'),
  /** ids of monitored entities of the project */
  device_profiles: z.array(idSchema).max(2000).default([]),
});
export type BasicGroupCreateBody = z.infer<typeof basicGroupCreateBody>;
export const basicGroupPatchBody = z.strictObject({
  title: groupTitle.optional(),
  type: groupType.optional(),
  device_profiles: z.array(idSchema).max(2000).optional(),
});
export type BasicGroupPatchBody = z.infer<typeof basicGroupPatchBody>;

/** A data point of an entity (requirements#monitoring-entities), e.g. one node of an in-place inclinometer chain. */
export const dataPointSchema = z.object({
  id: z.string(),
  title: z.string(),
  identifier: z.string(),
  monitored_entity_id: z.string(),
  created_at: z.string(),
});
export type DataPoint = z.infer<typeof dataPointSchema>;

export const dataPointCreateBody = z.strictObject({
  monitored_entity_id: idSchema,
  title: z.string().trim().min(1).max(200),
  /** how payloads name the data point; unique within its entity; defaults to the title */
  identifier: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[^\0\s][^\0]*$/, 'Invalid identifier')
    .optional(),
});
export type DataPointCreateBody = z.infer<typeof dataPointCreateBody>;

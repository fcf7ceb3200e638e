import {
  schemeCreateBody,
  type CalculatedMetricDefinition,
  type InvalidBound,
  type MetricDefinition,
  type MetricLimit,
  type SchemeObject,
  type SchemeType,
} from '@vigil/domain';

export const DRAFT_GROUPS = ['raw_metrics', 'calculated_metrics', 'context_metrics', 'user_metrics'] as const;
export type DraftGroup = (typeof DRAFT_GROUPS)[number];

/** A scheme being edited: what the create and patch bodies take. */
export interface SchemeDraft {
  name: string;
  type: SchemeType;
  spec: {
    metrics: {
      raw_metrics: MetricDefinition[];
      calculated_metrics: CalculatedMetricDefinition[];
      context_metrics: MetricDefinition[];
      user_metrics: MetricDefinition[];
    };
    metric_limits: MetricLimit[];
    invalid_bounds: InvalidBound[];
  };
}

export const emptyDraft = (): SchemeDraft => ({
  name: '',
  type: 'standard',
  spec: {
    metrics: { raw_metrics: [], calculated_metrics: [], context_metrics: [], user_metrics: [] },
    metric_limits: [],
    invalid_bounds: [],
  },
});

/** A stored scheme as the editor holds it (invalid_metrics is ingest's, never edited). */
export function draftOf(scheme: SchemeObject): SchemeDraft {
  const { raw_metrics, calculated_metrics, context_metrics, user_metrics } = scheme.spec.metrics;
  return {
    name: scheme.name,
    type: scheme.type,
    spec: {
      metrics: { raw_metrics, calculated_metrics, context_metrics, user_metrics },
      metric_limits: scheme.spec.metric_limits,
      invalid_bounds: scheme.spec.invalid_bounds,
    },
  };
}

/**
 * Every problem of a draft, by its path in the body (`spec.metrics.calculated_metrics.0.formula`),
 * checked by the domain's own schema: a formula that does not parse or reads an unknown metric, a
 * duplicate key, a limit of an unknown metric. The editor shows them as they are typed.
 */
export function draftProblems(draft: SchemeDraft): Map<string, string> {
  const problems = new Map<string, string>();
  const parsed = schemeCreateBody.safeParse(draft);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!problems.has(path)) problems.set(path, issue.message);
  }
  return problems;
}

/** The metrics a limit or invalid bound of `group` may name. */
export const metricKeysOf = (draft: SchemeDraft, group: DraftGroup) =>
  draft.spec.metrics[group].map((metric) => metric.key).filter(Boolean);

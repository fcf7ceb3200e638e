import { compileExpression, type CompiledExpression, type InvalidBound, type SchemeRef } from '@vigil/domain';

type Spec = Pick<SchemeRef['spec'], 'metrics' | 'invalid_bounds'>;

/** The valid range of a metric: its lower and upper invalid bounds, when it has them. */
export interface ValidRange {
  lower: number;
  upper: number;
}

/** A metric's valid range from the scheme's invalid bounds (the tightest of each side). */
export function validRange(bounds: readonly InvalidBound[], group: InvalidBound['group'], key: string): ValidRange {
  const range = { lower: -Infinity, upper: Infinity };
  for (const b of bounds) {
    if (b.group !== group || b.metric !== key) continue;
    if (b.bound === 'upper') range.upper = Math.min(range.upper, b.value);
    else range.lower = Math.max(range.lower, b.value);
  }
  return range;
}

export const withinRange = (range: ValidRange, value: number) => value >= range.lower && value <= range.upper;

/** One calculated metric of a reading being typed: its value, or null when its formula cannot be evaluated yet. */
export interface DerivedValue {
  key: string;
  value: number | null;
  /** false when the value lies beyond the metric's invalid bounds (ingest would set it aside) */
  valid: boolean;
}

const compiled = new Map<string, CompiledExpression | null>();
function formulaOf(source: string): CompiledExpression | null {
  if (!compiled.has(source)) {
    try {
      compiled.set(source, compileExpression(source));
    } catch {
      compiled.set(source, null);
    }
  }
  return compiled.get(source)!;
}

/**
 * The calculated metrics of a reading as ingest derives them (packages/server/src/services/ingest/
 * metric-rules.ts, deriveMetrics): in declaration order over the entity's context, the valid raw values
 * and the valid calculated values before them. A formula missing a value yields null.
 */
export function deriveCalculated(
  spec: Spec,
  raw: Readonly<Record<string, number>>,
  context: Readonly<Record<string, number>>,
): DerivedValue[] {
  const scope: Record<string, number> = { ...context };
  for (const [key, value] of Object.entries(raw)) {
    if (withinRange(validRange(spec.invalid_bounds, 'raw_metrics', key), value)) scope[key] = value;
  }
  return (spec.metrics.calculated_metrics ?? []).map((metric) => {
    const formula = formulaOf(metric.formula);
    let value: unknown = null;
    try {
      value = formula?.evaluate(scope) ?? null;
    } catch {
      value = null;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) return { key: metric.key, value: null, valid: true };
    const valid = withinRange(validRange(spec.invalid_bounds, 'calculated_metrics', metric.key), value);
    if (valid) scope[metric.key] = value;
    return { key: metric.key, value, valid };
  });
}

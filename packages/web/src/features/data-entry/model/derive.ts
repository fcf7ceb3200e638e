import {
  compileSchemeSpec,
  deriveMetrics,
  validRangeOf,
  type CompiledScheme,
  type SchemeRef,
  type ValidRange,
} from '@vigil/domain';

export type { ValidRange } from '@vigil/domain';

type Spec = Pick<SchemeRef['spec'], 'metrics' | 'invalid_bounds'>;

const compiled = new WeakMap<Spec, CompiledScheme>();
/** The scheme compiled as ingest compiles it, once per spec object. */
function compiledScheme(spec: Spec): CompiledScheme {
  let scheme = compiled.get(spec);
  if (!scheme) compiled.set(spec, (scheme = compileSchemeSpec(spec)));
  return scheme;
}

/** A metric's valid range from the scheme's invalid bounds (the tightest of each side). */
export const validRange = (spec: Spec | undefined, group: 'raw_metrics' | 'calculated_metrics', key: string) =>
  spec ? validRangeOf(compiledScheme(spec), group, key) : { lower: -Infinity, upper: Infinity };

export const withinRange = (range: ValidRange, value: number) => value >= range.lower && value <= range.upper;

/** One calculated metric of a reading being typed: its value, or null when its formula cannot be evaluated yet. */
export interface DerivedValue {
  key: string;
  value: number | null;
  /** false when the value lies beyond the metric's invalid bounds (ingest would set it aside) */
  valid: boolean;
}

/**
 * The calculated metrics of a reading exactly as ingest derives them (the domain's deriveMetrics):
 * in declaration order over the entity's context, the valid raw values and the valid calculated values
 * before them. A formula missing a value yields null.
 */
export function deriveCalculated(
  spec: Spec,
  raw: Readonly<Record<string, number>>,
  context: Readonly<Record<string, number>>,
): DerivedValue[] {
  const groups = deriveMetrics(compiledScheme(spec), raw, context);
  return (spec.metrics.calculated_metrics ?? []).map(({ key }) => {
    if (key in groups.calculated_metrics) return { key, value: groups.calculated_metrics[key]!, valid: true };
    if (key in groups.invalid_metrics) return { key, value: groups.invalid_metrics[key]!, valid: false };
    return { key, value: null, valid: true };
  });
}

import { CALIBRATION_PREFIX } from './calibrations.ts';
import { compileExpression, type CompiledExpression } from './expressions.ts';
import { MAX_METRIC_MAGNITUDE } from './ingest.ts';
import { schemeSpec } from './schemes.ts';

/**
 * How a reading's metric groups follow from its raw values (ADR 0008): the one derivation, run by
 * ingest on every payload and by the data-entry screen as values are typed, so that a warning shown
 * before submitting is the one the server will reach.
 */

/** A metric's valid range from its invalid bounds. */
export interface ValidRange {
  lower: number;
  upper: number;
}

/** The metric groups of a stored reading. */
export interface ReadingGroups {
  raw_metrics: Record<string, number>;
  calculated_metrics: Record<string, number>;
  context_metrics: Record<string, number>;
  invalid_metrics: Record<string, number>;
  /**
   * why a calculated metric has no value, when a calibration factor it reads is missing (requirements#site-contracts)
   */
  invalid_reasons?: Record<string, string>;
}

/** What the derivation needs of a scheme, compiled once per scheme version. */
export interface CompiledScheme {
  rawKeys: Set<string>;
  /** declared context metrics; empty means "every numeric context value of the entity" */
  contextKeys: string[];
  /** each formula with the calibration factors (names without `cal.`) it reads */
  calculated: Array<{ key: string; expression: CompiledExpression; factors: string[] }>;
  /** whether a formula reads a calibration factor (ingest then reads the device's calibrations) */
  readsCalibration: boolean;
  /** group → metric → valid range */
  bounds: Map<string, Map<string, ValidRange>>;
}

interface LooseSpec {
  metrics?: Partial<Record<'raw_metrics' | 'calculated_metrics' | 'context_metrics', Array<Record<string, unknown>>>>;
  invalid_bounds?: Array<Record<string, unknown>>;
}

const keysOf = (list: Array<Record<string, unknown>> | undefined) =>
  (Array.isArray(list) ? list : []).flatMap((m) => (typeof m?.key === 'string' ? [m.key] : []));

/**
 * Compiles a scheme's spec. A spec the registry would refuse is read as far as it goes: a formula
 * that does not compile is left out rather than stopping every reading of the scheme.
 */
export function compileSchemeSpec(raw: unknown): CompiledScheme {
  const strict = schemeSpec.safeParse(raw);
  const spec: LooseSpec = strict.success ? strict.data : ((raw ?? {}) as LooseSpec);
  const calculated: CompiledScheme['calculated'] = [];
  for (const m of Array.isArray(spec.metrics?.calculated_metrics) ? spec.metrics.calculated_metrics : []) {
    if (typeof m?.key !== 'string' || typeof m.formula !== 'string') continue;
    try {
      const expression = compileExpression(m.formula);
      const factors = expression.variables.flatMap((v) =>
        v.startsWith(CALIBRATION_PREFIX) ? [v.slice(CALIBRATION_PREFIX.length)] : [],
      );
      calculated.push({ key: m.key, expression, factors });
    } catch {
      // a broken formula yields no value; the registry refuses such formulas on write
    }
  }
  const bounds = new Map<string, Map<string, ValidRange>>();
  for (const b of Array.isArray(spec.invalid_bounds) ? spec.invalid_bounds : []) {
    if (typeof b?.value !== 'number' || typeof b.metric !== 'string' || typeof b.group !== 'string') continue;
    let metrics = bounds.get(b.group);
    if (!metrics) bounds.set(b.group, (metrics = new Map()));
    const range = metrics.get(b.metric) ?? { lower: -Infinity, upper: Infinity };
    if (b.bound === 'upper') range.upper = Math.min(range.upper, b.value);
    if (b.bound === 'lower') range.lower = Math.max(range.lower, b.value);
    metrics.set(b.metric, range);
  }
  return {
    rawKeys: new Set(keysOf(spec.metrics?.raw_metrics)),
    contextKeys: keysOf(spec.metrics?.context_metrics),
    calculated,
    readsCalibration: calculated.some((c) => c.factors.length > 0),
    bounds,
  };
}

/** A metric's valid range in a compiled scheme: unbounded where the scheme sets no invalid bound. */
export const validRangeOf = (scheme: CompiledScheme, group: string, metric: string): ValidRange =>
  scheme.bounds.get(group)?.get(metric) ?? { lower: -Infinity, upper: Infinity };

const isValid = (scheme: CompiledScheme, group: string, metric: string, value: number) => {
  const range = scheme.bounds.get(group)?.get(metric);
  return !range || (value >= range.lower && value <= range.upper);
};

/**
 * A reading's metric groups: raw values beyond their invalid bounds move to invalid_metrics, then
 * calculated metrics are evaluated in declaration order over the valid raw values, the context and
 * the calculated values before them, and `cal.<name>` from the calibration in effect. A formula missing a
 * value (or dividing by zero, or beyond MAX_METRIC_MAGNITUDE) yields nothing; one reading a factor
 * that the calibration lacks (or with no calibration in effect) yields a reason in invalid_reasons,
 * never a number computed without it.
 */
export function deriveMetrics(
  scheme: CompiledScheme,
  raw: Readonly<Record<string, number>>,
  context: Readonly<Record<string, number>>,
  calibration?: Readonly<Record<string, number>>,
): ReadingGroups {
  const metrics: ReadingGroups = { raw_metrics: {}, calculated_metrics: {}, context_metrics: {}, invalid_metrics: {} };
  if (scheme.contextKeys.length) {
    for (const key of scheme.contextKeys) if (key in context) metrics.context_metrics[key] = context[key]!;
  } else Object.assign(metrics.context_metrics, context);

  const scope: Record<string, number> = { ...context };
  for (const key in raw) {
    const value = raw[key]!;
    if (isValid(scheme, 'raw_metrics', key, value)) {
      metrics.raw_metrics[key] = value;
      scope[key] = value;
    } else metrics.invalid_metrics[key] = value;
  }
  for (const { key, expression, factors } of scheme.calculated) {
    if (factors.length) {
      const reason = missingFactorReason(factors, calibration);
      if (reason) {
        (metrics.invalid_reasons ??= {})[key] = reason;
        continue;
      }
      for (const name of factors) scope[CALIBRATION_PREFIX + name] = calibration![name]!;
    }
    let value: unknown;
    try {
      value = expression.evaluate(scope);
    } catch {
      continue;
    }
    // Beyond the largest magnitude a sensor value may have, a result is no more a value than Infinity.
    if (typeof value !== 'number' || !(Math.abs(value) <= MAX_METRIC_MAGNITUDE)) continue;
    if (isValid(scheme, 'calculated_metrics', key, value)) {
      metrics.calculated_metrics[key] = value;
      scope[key] = value;
    } else metrics.invalid_metrics[key] = value;
  }
  return metrics;
}

/** Why a formula reading `factors` cannot be evaluated with `calibration`, or undefined when it can. */
function missingFactorReason(factors: string[], calibration: Readonly<Record<string, number>> | undefined) {
  if (!calibration) return 'No calibration in effect at read_at';
  const missing = factors.filter((name) => !Object.hasOwn(calibration, name));
  if (!missing.length) return undefined;
  return `The calibration in effect has no factor ${missing.map((name) => CALIBRATION_PREFIX + name).join(', ')}`;
}

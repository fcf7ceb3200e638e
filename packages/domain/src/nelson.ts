/**
 * Nelson rules 1–8 for the abnormality and trend states (requirements#monitoring-entities, #monitoring-states),
 * evaluated at the newest
 * point of a rolling window. Pure: the rules engine supplies the values and stores the result.
 *
 * Conventions, pinned by nelson.test.ts:
 * - `values` run oldest first, newest last; only the newest NELSON_WINDOW (50) are used.
 * - The reference mean and population σ come from every value of the window except the newest,
 *   so a spike does not inflate its own σ. The older points a rule looks at are part of that
 *   baseline. With fewer than NELSON_MIN_BASELINE (20) baseline values, or σ = 0 (or not finite),
 *   nothing is evaluated and no rule fires.
 * - Every comparison is strict: "more than kσ" is |x − mean| > kσ, "within 1σ" is |x − mean| < σ,
 *   a side is x > mean or x < mean (a point on the mean is on neither side), steps are never zero.
 * - A rule fires at the newest point only, from the first point where its pattern is complete:
 *   rule 3 fires on the 6th rising point, not the 5th; rules 5 and 6 need the newest point among
 *   the points beyond. While the pattern continues the rule keeps firing.
 */

export const NELSON_WINDOW = 50;
export const NELSON_MIN_BASELINE = 20;

export type NelsonRule = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Rules that make the abnormality state: 1 out of control, 4 abnormal. */
export const ABNORMALITY_RULES: readonly NelsonRule[] = [1, 4];
/** Rules that make the trend state trending. */
export const TREND_RULES: readonly NelsonRule[] = [2, 3, 5, 6, 7, 8];

/** How many of the newest points each rule examines. */
const POINTS: Record<NelsonRule, number> = { 1: 1, 2: 9, 3: 6, 4: 14, 5: 3, 6: 5, 7: 15, 8: 8 };

export interface NelsonStatistics {
  mean: number;
  stddev: number;
  /** number of baseline values: the window without its newest value */
  count: number;
}

export interface NelsonResult {
  evaluated: boolean;
  mean: number;
  stddev: number;
  /** rule numbers that fired, ascending */
  fired: NelsonRule[];
  rule1: { result: boolean; metric_mean: number; metric_stddev: number; metric_values: number[] };
  rule4: { result: boolean; metric_values: number[] };
}

/** The newest values a rule examines, for event contexts. */
export function nelsonValuesOf(rule: NelsonRule, values: readonly number[]): number[] {
  return values.slice(-POINTS[rule]);
}

/** Reference statistics of a window: mean and population σ of all values but the newest (zeros when none). */
export function nelsonStatistics(values: readonly number[]): NelsonStatistics {
  const end = values.length - 1;
  const from = Math.max(0, values.length - NELSON_WINDOW);
  const count = Math.max(0, end - from);
  if (count === 0) return { mean: 0, stddev: 0, count };
  let sum = 0;
  for (let i = from; i < end; i++) sum += values[i]!;
  const mean = sum / count;
  let squares = 0;
  for (let i = from; i < end; i++) squares += (values[i]! - mean) ** 2;
  return { mean, stddev: Math.sqrt(squares / count), count };
}

const RULES: readonly NelsonRule[] = [1, 2, 3, 4, 5, 6, 7, 8];

/** +1 above, −1 below, 0 on the mean. */
const side = (v: number, mean: number) => Math.sign(v - mean);
/** The side of a point more than `limit` from the mean, else 0. */
const beyond = (v: number, mean: number, limit: number) => (Math.abs(v - mean) > limit ? side(v, mean) : 0);

/**
 * A check looks at the newest POINTS[rule] values of `v`, indexes `from` to the end (the caller makes
 * sure there are that many); it reads them in place, as it runs at every reading of a watched metric.
 */
type Check = (v: readonly number[], from: number, mean: number, sd: number) => boolean;

/** Every step between neighbours is non-zero and `alternate`s sign or keeps it. */
function steps(v: readonly number[], from: number, alternate: boolean): boolean {
  let previous = 0;
  for (let i = from + 1; i < v.length; i++) {
    const step = Math.sign(v[i]! - v[i - 1]!);
    if (step === 0 || (previous !== 0 && step !== (alternate ? -previous : previous))) return false;
    previous = step;
  }
  return true;
}

/** k of the newest points beyond `limit` on the newest point's side (the newest counts). */
function newestAmongBeyond(v: readonly number[], from: number, mean: number, limit: number, k: number): boolean {
  const s = beyond(v.at(-1)!, mean, limit);
  if (s === 0) return false;
  let count = 0;
  for (let i = from; i < v.length; i++) if (beyond(v[i]!, mean, limit) === s) count++;
  return count >= k;
}

/** Every point from `from` on passes `test`. */
function all(v: readonly number[], from: number, test: (value: number) => boolean): boolean {
  for (let i = from; i < v.length; i++) if (!test(v[i]!)) return false;
  return true;
}

const CHECKS: Record<NelsonRule, Check> = {
  // 1: the newest point is more than 3σ from the mean.
  1: (v, from, mean, sd) => beyond(v[from]!, mean, 3 * sd) !== 0,
  // 2: nine points in a row on the same side of the mean.
  2: (v, from, mean) => {
    const s = side(v[from]!, mean);
    return s !== 0 && all(v, from, (x) => side(x, mean) === s);
  },
  // 3: six points in a row strictly increasing or strictly decreasing (five steps of one sign).
  3: (v, from) => steps(v, from, false),
  // 4: fourteen points in a row alternating up and down (thirteen non-zero steps, each flipping).
  4: (v, from) => steps(v, from, true),
  // 5: two of three points more than 2σ from the mean on the same side, the newest among them.
  5: (v, from, mean, sd) => newestAmongBeyond(v, from, mean, 2 * sd, 2),
  // 6: four of five points more than 1σ from the mean on the same side, the newest among them.
  6: (v, from, mean, sd) => newestAmongBeyond(v, from, mean, sd, 4),
  // 7: fifteen points in a row within 1σ of the mean (too little variation: mixed or stratified data).
  7: (v, from, mean, sd) => all(v, from, (x) => Math.abs(x - mean) < sd),
  // 8: eight points in a row more than 1σ from the mean, with points on both sides.
  8: (v, from, mean, sd) =>
    all(v, from, (x) => beyond(x, mean, sd) !== 0) &&
    !all(v, from, (x) => x <= mean) &&
    !all(v, from, (x) => x >= mean),
};

/** Whether statistics make a baseline: at least NELSON_MIN_BASELINE values and a spread. */
export const isBaseline = ({ count, stddev }: NelsonStatistics) =>
  count >= NELSON_MIN_BASELINE && stddev > 0 && Number.isFinite(stddev);

/**
 * Rule 1 alone, for one value against a baseline computed elsewhere (ADR 0023: every reading against
 * the readings of its series' periods), beyond `sigmas` σ (3, or the period's equivalent: see
 * rule1Sigmas). Null when the statistics make no baseline.
 */
export function nelsonRule1(value: number, stats: NelsonStatistics, sigmas = 3): boolean | null {
  if (!isBaseline(stats)) return null;
  return beyond(value, stats.mean, sigmas * stats.stddev) !== 0;
}

/** Evaluates rules 1–8 at the newest value; `stats` replaces the computed reference statistics. */
export function evaluateNelson(values: readonly number[], stats = nelsonStatistics(values)): NelsonResult {
  const { mean, stddev } = stats;
  const evaluated = isBaseline(stats);
  const inWindow = Math.min(values.length, NELSON_WINDOW);
  // a rule needs its POINTS[rule] newest values, all inside the window; fewer (a short window) never fire
  const fired = evaluated
    ? RULES.filter(
        (rule) => POINTS[rule] <= inWindow && CHECKS[rule](values, values.length - POINTS[rule], mean, stddev),
      )
    : [];
  const newest = (rule: NelsonRule) => values.slice(values.length - Math.min(POINTS[rule], inWindow));
  return {
    evaluated,
    mean,
    stddev,
    fired,
    rule1: {
      result: fired.includes(1),
      metric_mean: mean,
      metric_stddev: stddev,
      metric_values: newest(1),
    },
    rule4: { result: fired.includes(4), metric_values: newest(4) },
  };
}

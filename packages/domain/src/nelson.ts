/**
 * Nelson rules 1–8 for the abnormality and trend states (spec 001 §3–§4), evaluated at the newest
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
  const baseline = values.slice(-NELSON_WINDOW).slice(0, -1);
  const count = baseline.length;
  if (count === 0) return { mean: 0, stddev: 0, count };
  const mean = baseline.reduce((sum, v) => sum + v, 0) / count;
  const variance = baseline.reduce((sum, v) => sum + (v - mean) ** 2, 0) / count;
  return { mean, stddev: Math.sqrt(variance), count };
}

const RULES: readonly NelsonRule[] = [1, 2, 3, 4, 5, 6, 7, 8];

/** +1 above, −1 below, 0 on the mean. */
const side = (v: number, mean: number) => Math.sign(v - mean);
/** The side of a point more than `limit` from the mean, else 0. */
const beyond = (v: number, mean: number, limit: number) => (Math.abs(v - mean) > limit ? side(v, mean) : 0);
const steps = (points: number[]) => points.slice(1).map((v, i) => Math.sign(v - points[i]!));

/** A check gets the newest POINTS[rule] values; fewer (a short window) never fire. */
type Check = (points: number[], mean: number, sd: number) => boolean;
const complete = (rule: NelsonRule, points: number[]) => points.length === POINTS[rule];

/** k of the newest points beyond `limit` on the newest point's side (the newest counts). */
const newestAmongBeyond = (points: number[], mean: number, limit: number, k: number) => {
  const s = beyond(points.at(-1)!, mean, limit);
  return s !== 0 && points.filter((v) => beyond(v, mean, limit) === s).length >= k;
};

const CHECKS: Record<NelsonRule, Check> = {
  // 1: the newest point is more than 3σ from the mean.
  1: (p, mean, sd) => complete(1, p) && beyond(p[0]!, mean, 3 * sd) !== 0,
  // 2: nine points in a row on the same side of the mean.
  2: (p, mean) => complete(2, p) && side(p[0]!, mean) !== 0 && p.every((v) => side(v, mean) === side(p[0]!, mean)),
  // 3: six points in a row strictly increasing or strictly decreasing (five steps of one sign).
  3: (p) => complete(3, p) && steps(p).every((s, _, all) => s !== 0 && s === all[0]),
  // 4: fourteen points in a row alternating up and down (thirteen non-zero steps, each flipping).
  4: (p) => complete(4, p) && steps(p).every((s, i, all) => s !== 0 && (i === 0 || s === -all[i - 1]!)),
  // 5: two of three points more than 2σ from the mean on the same side, the newest among them.
  5: (p, mean, sd) => complete(5, p) && newestAmongBeyond(p, mean, 2 * sd, 2),
  // 6: four of five points more than 1σ from the mean on the same side, the newest among them.
  6: (p, mean, sd) => complete(6, p) && newestAmongBeyond(p, mean, sd, 4),
  // 7: fifteen points in a row within 1σ of the mean (too little variation: mixed or stratified data).
  7: (p, mean, sd) => complete(7, p) && p.every((v) => Math.abs(v - mean) < sd),
  // 8: eight points in a row more than 1σ from the mean, with points on both sides.
  8: (p, mean, sd) =>
    complete(8, p) && p.every((v) => beyond(v, mean, sd) !== 0) && p.some((v) => v > mean) && p.some((v) => v < mean),
};

/** Evaluates rules 1–8 at the newest value; `stats` replaces the computed reference statistics. */
export function evaluateNelson(values: readonly number[], stats = nelsonStatistics(values)): NelsonResult {
  const window = values.slice(-NELSON_WINDOW);
  const { mean, stddev } = stats;
  const evaluated = stats.count >= NELSON_MIN_BASELINE && stddev > 0 && Number.isFinite(stddev);
  const fired = evaluated ? RULES.filter((rule) => CHECKS[rule](nelsonValuesOf(rule, window), mean, stddev)) : [];
  return {
    evaluated,
    mean,
    stddev,
    fired,
    rule1: {
      result: fired.includes(1),
      metric_mean: mean,
      metric_stddev: stddev,
      metric_values: nelsonValuesOf(1, window),
    },
    rule4: { result: fired.includes(4), metric_values: nelsonValuesOf(4, window) },
  };
}

import type { NelsonStatistics } from './nelson.ts';

/**
 * Per-period aggregates of a series (ADR 0023): Nelson's rules 2–8 look at period means, rule 1
 * looks at each reading against the readings of the baseline's periods. Pure and O(1) per reading.
 */

/** The readings of one period: its start (epoch ms), their count, mean and sum of squared deviations from it. */
export interface PeriodAggregate {
  start: number;
  n: number;
  mean: number;
  m2: number;
}

/** The start of the period holding `t`: periods line up with the epoch, hence with UTC days. */
export const periodStartOf = (t: number, periodMs: number) => Math.floor(t / periodMs) * periodMs;

export const emptyPeriod = (start: number): PeriodAggregate => ({ start, n: 0, mean: 0, m2: 0 });

/** Adds a reading to its period, in place (Welford's update: stable for large values with small spread). */
export function addToPeriod(period: PeriodAggregate, value: number): void {
  period.n++;
  const delta = value - period.mean;
  period.mean += delta / period.n;
  period.m2 += delta * (value - period.mean);
}

/**
 * The mean and population σ of every reading of `periods`, pooled (within-period spread plus the
 * spread of the means); `count` is the number of periods, the baseline's size.
 */
export function pooledStatistics(periods: readonly PeriodAggregate[]): NelsonStatistics {
  let n = 0;
  let sum = 0;
  for (const p of periods) {
    n += p.n;
    sum += p.n * p.mean;
  }
  if (n === 0) return { mean: 0, stddev: 0, count: 0 };
  const mean = sum / n;
  let squares = 0;
  for (const p of periods) squares += p.m2 + p.n * (p.mean - mean) ** 2;
  return { mean, stddev: Math.sqrt(squares / n), count: periods.length };
}

/** Two-sided chance that an in-control point lies beyond 3σ: Nelson's rule 1 fires on one point in 370. */
const RULE_1_TAIL = 0.0026997960632601866;

/**
 * How many σ from the baseline's mean a reading must lie for rule 1 when a period holds `readings`
 * of them (ADR 0023): the limit an in-control period crosses as rarely as one point crosses 3σ
 * (Bonferroni), so that denser sampling raises no more false spikes an hour. 3 at one reading a
 * period, about 4.0 at 60 (one a minute, hourly periods), 4.5 at 720.
 */
export function rule1Sigmas(readings: number): number {
  return readings <= 1 ? 3 : normalQuantile(1 - RULE_1_TAIL / (2 * readings));
}

/** Φ⁻¹(p) for 0.5 ≤ p < 1 (Acklam's rational approximation, relative error below 1.2e-9). */
function normalQuantile(p: number): number {
  if (p > 0.97575) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(
      (((((-7.784894002430293e-3 * q - 3.223964580411365e-1) * q - 2.400758277161838) * q - 2.549732539343734) * q +
        4.374664141464968) *
        q +
        2.938163982698783) /
      ((((7.784695709041462e-3 * q + 3.224671290700398e-1) * q + 2.445134137142996) * q + 3.754408661907416) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((-3.969683028665376e1 * r + 2.209460984245205e2) * r - 2.759285104469687e2) * r + 1.38357751867269e2) * r -
      3.066479806614716e1) *
      r +
      2.506628277459239) *
      q) /
    (((((-5.447609879822406e1 * r + 1.615858368580409e2) * r - 1.556989798598866e2) * r + 6.680131188771972e1) * r -
      1.328068155288572e1) *
      r +
      1)
  );
}

/** Time-ordered points grouped into their periods, oldest first. */
export function aggregatePeriods(
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  periodMs: number,
): PeriodAggregate[] {
  const periods: PeriodAggregate[] = [];
  for (let i = 0; i < times.length; i++) {
    const start = periodStartOf(times[i]!, periodMs);
    let last = periods.at(-1);
    if (!last || last.start !== start) periods.push((last = emptyPeriod(start)));
    addToPeriod(last, values[i]!);
  }
  return periods;
}

import { describe, expect, it } from 'vitest';
import {
  ABNORMALITY_RULES,
  evaluateNelson,
  NELSON_MIN_BASELINE,
  NELSON_WINDOW,
  nelsonStatistics,
  nelsonValuesOf,
  TREND_RULES,
  type NelsonRule,
} from './nelson.ts';

/** 20 values 9, 9, 11, 11, …: mean 10, σ 1, no run, no alternation, nothing strictly inside or beyond 1σ. */
const BASELINE = Array.from({ length: 20 }, (_, i) => (i % 4 < 2 ? 9 : 11));
const series = (...tail: number[]) => [...BASELINE, ...tail];
const repeat = (n: number, ...pattern: number[]) => Array.from({ length: n }, (_, i) => pattern[i % pattern.length]!);

/** Mean and population σ of all values but the newest, by E[x²] − mean², independent of the subject. */
function reference(values: number[]) {
  const baseline = values.slice(0, -1);
  const mean = baseline.reduce((a, b) => a + b, 0) / baseline.length;
  const meanOfSquares = baseline.reduce((a, b) => a + b * b, 0) / baseline.length;
  return { mean, stddev: Math.sqrt(meanOfSquares - mean * mean) };
}

/** The rule does not fire one point before the end of `values`, and exactly `fired` fire at the end. */
function expectFiringPoint(values: number[], rule: NelsonRule, fired: NelsonRule[]) {
  const before = evaluateNelson(values.slice(0, -1));
  expect(before.evaluated).toBe(true);
  expect(before.fired).not.toContain(rule);
  const at = evaluateNelson(values);
  expect(at.fired).toEqual(fired);
  const { mean, stddev } = reference(values);
  expect(at.mean).toBeCloseTo(mean, 10);
  expect(at.stddev).toBeCloseTo(stddev, 10);
}

describe('reference statistics', () => {
  it('are the mean and population σ of the window without its newest value', () => {
    expect(nelsonStatistics(series(100))).toEqual({ mean: 10, stddev: 1, count: 20 });
    const values = series(10, 14);
    const { mean, stddev } = reference(values);
    const stats = nelsonStatistics(values);
    expect(stats.count).toBe(21);
    expect(stats.mean).toBeCloseTo(mean, 10);
    expect(stats.stddev).toBeCloseTo(stddev, 10);
  });

  it('use only the newest 50 values', () => {
    const window = series(...repeat(29, 12, 8, 10), 14);
    expect(window).toHaveLength(NELSON_WINDOW);
    expect(evaluateNelson([1000, -1000, ...window])).toEqual(evaluateNelson(window));
    expect(nelsonStatistics([1000, ...window]).count).toBe(NELSON_WINDOW - 1);
  });

  it('are zeros for a single value or none', () => {
    expect(nelsonStatistics([5])).toEqual({ mean: 0, stddev: 0, count: 0 });
    expect(evaluateNelson([]).evaluated).toBe(false);
  });
});

describe('when rules are evaluated', () => {
  it('needs 20 baseline values before the newest', () => {
    expect(NELSON_MIN_BASELINE).toBe(20);
    const short = evaluateNelson([...BASELINE.slice(1), 100]);
    expect(short).toMatchObject({ evaluated: false, fired: [] });
    expect(evaluateNelson(series(100))).toMatchObject({ evaluated: true, fired: [1] });
  });

  it('evaluates nothing when σ is 0', () => {
    const flat = evaluateNelson([...repeat(20, 10), 50]);
    expect(flat).toMatchObject({ evaluated: false, mean: 10, stddev: 0, fired: [] });
    expect(flat.rule1.result).toBe(false);
  });

  it('uses precomputed statistics when given', () => {
    const values = series(10.5);
    expect(evaluateNelson(values).fired).toEqual([]);
    expect(evaluateNelson(values, { mean: 0, stddev: 1, count: 20 }).fired).toContain(1);
    expect(evaluateNelson(values, { mean: 0, stddev: 1, count: 19 }).evaluated).toBe(false);
  });
});

describe('Nelson rules at their firing point', () => {
  it('rule 1: the newest point more than 3σ from the mean', () => {
    expectFiringPoint(series(10, 14), 1, [1]);
  });

  it('rule 1: exactly 3σ does not fire, just beyond does, on either side', () => {
    expect(evaluateNelson(series(13)).fired).toEqual([]);
    expect(evaluateNelson(series(7)).fired).toEqual([]);
    expect(evaluateNelson(series(13.01)).fired).toEqual([1]);
    expect(evaluateNelson(series(6.99)).fired).toEqual([1]);
  });

  it('rule 2: nine points in a row on the same side of the mean', () => {
    // the baseline ends 11, 11: the ninth 9.5 completes nine points below the mean
    expectFiringPoint(series(...repeat(9, 9.5)), 2, [2]);
  });

  it('rule 3: six points in a row increasing, firing on the sixth', () => {
    expectFiringPoint(series(9, 9.2, 9.4, 9.6, 9.8, 10), 3, [3]);
  });

  it('rule 3: six points in a row decreasing', () => {
    expectFiringPoint(series(11, 10.8, 10.6, 10.4, 10.2, 10), 3, [3]);
  });

  it('rule 4: fourteen points alternating up and down', () => {
    // 11 → 10.2 → 9.8 is down twice, so the alternation starts at the first 10.2
    expectFiringPoint(series(...repeat(14, 10.2, 9.8)), 4, [4]);
  });

  it('rule 5: two of three points beyond 2σ on one side, the newest among them', () => {
    expectFiringPoint(series(12.5, 10, 12.5), 5, [5]);
    expectFiringPoint(series(7.5, 10, 7.5), 5, [5]);
  });

  it('rule 5: not when the newest point is inside 2σ or the two are on opposite sides', () => {
    expect(evaluateNelson(series(12.5, 12.5)).fired).toEqual([5]);
    expect(evaluateNelson(series(12.5, 12.5, 10)).fired).toEqual([]);
    expect(evaluateNelson(series(12.5, 7.5)).fired).toEqual([]);
  });

  it('rule 6: four of five points beyond 1σ on one side, the newest among them', () => {
    expectFiringPoint(series(11.6, 11.6, 10, 11.6, 11.6), 6, [6]);
  });

  it('rule 7: fifteen points in a row within 1σ of the mean', () => {
    expectFiringPoint(series(...repeat(15, 10)), 7, [7]);
  });

  it('rule 8: eight points in a row beyond 1σ on both sides', () => {
    expectFiringPoint(series(...repeat(8, 12, 8)), 8, [8]);
  });

  it('rule 8: not when all eight are on one side', () => {
    const fired = evaluateNelson(series(...repeat(8, 12))).fired;
    expect(fired).not.toContain(8);
    expect(fired).toContain(6);
  });
});

describe('rule groups and event context', () => {
  it('splits abnormality rules 1 and 4 from trend rules', () => {
    expect(ABNORMALITY_RULES).toEqual([1, 4]);
    expect(TREND_RULES).toEqual([2, 3, 5, 6, 7, 8]);
  });

  it('gives the newest points each rule looks at', () => {
    const values = repeat(30, 1, 2, 3);
    const counts = ([1, 2, 3, 4, 5, 6, 7, 8] as const).map((rule) => nelsonValuesOf(rule, values).length);
    expect(counts).toEqual([1, 9, 6, 14, 3, 5, 15, 8]);
    expect(nelsonValuesOf(3, values)).toEqual(values.slice(-6));
  });

  it('reports rule 1 with its statistics and value, rule 4 with its fourteen values', () => {
    const values = series(14);
    const result = evaluateNelson(values);
    expect(result.rule1).toEqual({ result: true, metric_mean: 10, metric_stddev: 1, metric_values: [14] });
    expect(result.rule4).toEqual({ result: false, metric_values: values.slice(-14) });
  });
});

/** The rules as Nelson states them, on copied slices: what the in-place checks must agree with. */
function firedByDefinition(values: number[]): NelsonRule[] {
  const window = values.slice(-NELSON_WINDOW);
  const baseline = window.slice(0, -1);
  // two passes, as the subject computes them: values exactly 1σ away must compare alike
  const mean = baseline.reduce((a, b) => a + b, 0) / baseline.length;
  const sd = Math.sqrt(baseline.reduce((a, b) => a + (b - mean) ** 2, 0) / baseline.length);
  if (baseline.length < NELSON_MIN_BASELINE || !(sd > 0)) return [];
  const last = (n: number) => (window.length >= n ? window.slice(-n) : null);
  const sideOf = (v: number) => Math.sign(v - mean);
  const beyond = (v: number, k: number) => (Math.abs(v - mean) > k * sd ? sideOf(v) : 0);
  const steps = (p: number[]) => p.slice(1).map((v, i) => Math.sign(v - p[i]!));
  const newestAmong = (p: number[], k: number, n: number) =>
    beyond(p.at(-1)!, k) !== 0 && p.filter((v) => beyond(v, k) === beyond(p.at(-1)!, k)).length >= n;
  const rules: Record<NelsonRule, (p: number[]) => boolean> = {
    1: (p) => beyond(p[0]!, 3) !== 0,
    2: (p) => sideOf(p[0]!) !== 0 && p.every((v) => sideOf(v) === sideOf(p[0]!)),
    3: (p) => steps(p).every((s, _, all) => s !== 0 && s === all[0]),
    4: (p) => steps(p).every((s, i, all) => s !== 0 && (i === 0 || s === -all[i - 1]!)),
    5: (p) => newestAmong(p, 2, 2),
    6: (p) => newestAmong(p, 1, 4),
    7: (p) => p.every((v) => Math.abs(v - mean) < sd),
    8: (p) => p.every((v) => beyond(v, 1) !== 0) && p.some((v) => v > mean) && p.some((v) => v < mean),
  };
  const counts: Record<NelsonRule, number> = { 1: 1, 2: 9, 3: 6, 4: 14, 5: 3, 6: 5, 7: 15, 8: 8 };
  return ([1, 2, 3, 4, 5, 6, 7, 8] as const).filter((rule) => {
    const p = last(counts[rule]);
    return p !== null && rules[rule](p);
  });
}

describe('the rules on many series', () => {
  it('fire exactly as their definitions on copied slices say', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const firings = new Set<NelsonRule>();
    for (let run = 0; run < 400; run++) {
      // random walks, noise and cycles, rounded so that ties and flat steps happen too
      const values: number[] = [];
      let level = 10;
      const length = 15 + Math.floor(random() * 60);
      const kind = run % 4;
      for (let i = 0; i < length; i++) {
        level += kind === 0 ? random() - 0.5 : 0;
        const noise = 10 + (random() < 0.1 ? 6 : 1) * (random() - 0.5);
        const v = [
          level + Math.sin(i / 3) * 0.2,
          noise,
          level + Math.sin(i / 3),
          i < 30 ? noise : random() < 0.5 ? 12 : 8, // a mixture of two levels
        ][kind]!;
        values.push(Math.round(v * 4) / 4);
      }
      for (let end = 1; end <= values.length; end++) {
        const head = values.slice(0, end);
        const expected = firedByDefinition(head);
        expect(evaluateNelson(head).fired, `series ${run}, ${end} values`).toEqual(expected);
        expected.forEach((rule) => firings.add(rule));
      }
    }
    expect([...firings].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_OFF_DELAY, limitHysteresis, stepLimit, type LimitState } from './limit-hysteresis.ts';
import type { MetricLimit } from './schemes.ts';

const limit = (level: MetricLimit['level'], bound: MetricLimit['bound'], value: number, extra = {}): MetricLimit => ({
  group: 'calculated_metrics',
  metric: 'level',
  level,
  bound,
  value,
  ...extra,
});
const MINUTE = 60_000;

/** The raised flag after each reading of `values`, one a minute. */
function run(l: MetricLimit, values: number[], others: MetricLimit[] = []): boolean[] {
  const [h] = limitHysteresis([l, ...others]);
  let state: LimitState = { raised: false };
  return values.map((value, i) => (state = stepLimit(state, l, h!, value, i * MINUTE)).raised);
}

describe('limit defaults', () => {
  it('takes 1 % of the limit as deadband, at most a quarter of the way to the next limit, no on-delay, 5 min off-delay', () => {
    const [warning, critical] = limitHysteresis([limit('warning', 'upper', 110), limit('critical', 'upper', 112)]);
    expect(warning).toEqual({ deadband: 0.5, onDelayMs: 0, onDelayReadings: 1, offDelayMs: DEFAULT_OFF_DELAY * 1000 });
    expect(critical!.deadband).toBe(0.5);
    expect(limitHysteresis([limit('warning', 'lower', -20)])[0]!.deadband).toBe(0.2);
  });

  it('keeps what the limit gives', () => {
    const given = limit('critical', 'upper', 1020, {
      deadband: 0.05,
      on_delay: 60,
      on_delay_readings: 2,
      off_delay: 0,
    });
    expect(limitHysteresis([given])).toEqual([
      { deadband: 0.05, onDelayMs: 60_000, onDelayReadings: 2, offDelayMs: 0 },
    ]);
  });
});

describe('a limit raised and cleared', () => {
  it('is raised at the first reading that reaches it, and held while the value stays within the deadband', () => {
    const upper = limit('warning', 'upper', 100, { off_delay: 0 });
    expect(run(upper, [99.9, 100, 99.8, 100.2, 99.1, 99, 98.9, 100])).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      false, // below 100 − 1
      true,
    ]);
    const lower = limit('critical', 'lower', 10, { off_delay: 0 });
    expect(run(lower, [10.05, 10, 10.09, 10.11])).toEqual([false, true, true, false]);
  });

  it('waits for the on-delay and the readings in a row, and starts again when the value goes back', () => {
    expect(run(limit('warning', 'upper', 100, { on_delay: 120 }), [101, 101, 99, 101, 101, 101])).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(run(limit('warning', 'upper', 100, { on_delay_readings: 2 }), [101, 99, 101, 101])).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('clears only after the value has stayed back past the deadband for the off-delay', () => {
    const values = [101, 98, 98, 101, 98, 98, 98, 98, 98, 98];
    expect(run(limit('warning', 'upper', 100), values)).toEqual([
      true,
      true,
      true,
      true, // back for two minutes only
      true,
      true,
      true,
      true,
      true,
      false, // five minutes back
    ]);
  });
});

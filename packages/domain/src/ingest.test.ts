import { describe, expect, it } from 'vitest';
import { MAX_METRIC_MAGNITUDE, payloadSchema } from './ingest.ts';

const VALID = { eid: 'PZ-01', read_at: '2026-11-20T10:00:00Z', raw_metrics: { pressure: 101.3 } };

/** The problems of a payload as {path: [messages]}. */
function problems(payload: unknown): Record<string, string[]> {
  const parsed = payloadSchema.safeParse(payload);
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('the payload schema', () => {
  it('refuses a payload without any metric', () => {
    expect(problems({ ...VALID, raw_metrics: {} })).toEqual({ raw_metrics: ['Send at least one metric'] });
  });

  it('refuses values beyond the largest magnitude a sensor value may have, naming the metric', () => {
    for (const value of [1.79e308, -1.79e308, Number.MAX_VALUE, 1e16, -MAX_METRIC_MAGNITUDE * 1.000001]) {
      const found = problems({ ...VALID, raw_metrics: { pressure: 101.3, flow: value } });
      expect(Object.keys(found), String(value)).toEqual(['raw_metrics.flow']);
      expect(found['raw_metrics.flow']![0]).toBe('Must be between -1e15 and 1e15');
    }
  });

  it('accepts values up to that magnitude, and tiny ones', () => {
    for (const value of [MAX_METRIC_MAGNITUDE, -MAX_METRIC_MAGNITUDE, 0, -0, 1e-300, 999_999_999_999_999]) {
      expect(payloadSchema.safeParse({ ...VALID, raw_metrics: { flow: value } }).success, String(value)).toBe(true);
    }
  });
});

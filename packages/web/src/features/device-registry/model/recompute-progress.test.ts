import { describe, expect, it } from 'vitest';
import { recomputeProgress } from './recompute-progress.ts';

describe('the recomputation progress', () => {
  it('counts the readings done out of the total, and ends at done or failed', () => {
    expect(recomputeProgress({ status: 'running', readings_total: 336, readings_done: 84 })).toEqual({
      ended: false,
      failed: false,
      percent: 25,
    });
    expect(recomputeProgress({ status: 'done', readings_total: 336, readings_done: 336 })).toMatchObject({
      ended: true,
      percent: 100,
    });
    expect(recomputeProgress({ status: 'failed', readings_total: 336, readings_done: 10 })).toMatchObject({
      ended: true,
      failed: true,
    });
  });

  it('runs without a figure while the total is unknown, and is full when nothing needed recomputing', () => {
    expect(recomputeProgress({ status: 'pending', readings_total: 0, readings_done: 0 }).percent).toBeNull();
    expect(recomputeProgress({ status: 'done', readings_total: 0, readings_done: 0 }).percent).toBe(100);
  });
});

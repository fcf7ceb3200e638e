import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { templatesOf, timeAxisSpace, TIME_INCRS } from './chart-time.ts';

const DAY = 86_400;
const u = {} as uPlot;

describe('the time axis', () => {
  it('names every line a tick of a step may write, the first tick’s year included', () => {
    expect(templatesOf(3600)).toEqual(['{HH}:{mm}', '{D} {MMM} {YYYY}', '{D} {MMM}']);
    expect(templatesOf(DAY)).toEqual(['{D} {MMM}', '{YYYY}']);
    expect(templatesOf(30 * DAY)).toEqual(['{MMM}', '{YYYY}']);
    expect(templatesOf(2 * 365 * DAY)).toEqual(['{YYYY}']);
  });

  it('spaces ticks by their widest label, so that a wide label takes a longer step', () => {
    // 13 days over 300 px, labels of 40 px at day steps and 90 px at hour steps
    const space = timeAxisSpace((step) => (step < DAY ? 90 : 40))(u, 0, 0, 13 * DAY, 300);
    const chosen = TIME_INCRS.find((step) => (step / (13 * DAY)) * 300 >= space)!;
    expect(chosen).toBe(3 * DAY);
    expect((chosen / (13 * DAY)) * 300).toBeGreaterThanOrEqual(40 + 12);
    // a wider plot fits day steps
    const wide = timeAxisSpace((step) => (step < DAY ? 90 : 40))(u, 0, 0, 13 * DAY, 1200);
    expect(TIME_INCRS.find((step) => (step / (13 * DAY)) * 1200 >= wide)).toBe(DAY);
  });
});

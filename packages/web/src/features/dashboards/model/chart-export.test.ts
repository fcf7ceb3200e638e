import { describe, expect, it } from 'vitest';
import { chartSheet } from './chart-export.ts';
import type { PlottedSeries } from './use-chart-card.ts';

const series = (label: string, unit: string, points: Array<[number, number]>) =>
  ({ key: label, label, unit, points }) as unknown as PlottedSeries;

describe('chart export', () => {
  it('writes one row per time with each series in its own column, empty where it has no value', () => {
    const sheet = chartSheet('Levels', 'Time', [
      series('PZ-01', 'm', [
        [2000, 1.5],
        [1000, 1.25],
      ]),
      series('PZ-02', '', [[3000, 7]]),
    ]);
    expect(sheet.rows).toEqual([
      ['Time', 'PZ-01 (m)', 'PZ-02'],
      [new Date(1000), 1.25, null],
      [new Date(2000), 1.5, null],
      [new Date(3000), null, 7],
    ]);
  });
});

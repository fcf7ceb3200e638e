import { describe, expect, it } from 'vitest';
import { labelShifts } from './label-stacking.ts';

const box = (left: number, top: number, width = 60, height = 16) => ({
  left,
  right: left + width,
  top,
  bottom: top + height,
});

describe('labelShifts', () => {
  it('leaves labels that cover nothing where they are', () => {
    expect(labelShifts([box(0, 0), box(100, 0), box(0, 40)])).toEqual([0, 0, 0]);
  });

  it('moves each label below the earlier ones it would cover, from the left', () => {
    // Three sensors 20 px apart at one height: the second goes under the first, the third under both.
    expect(labelShifts([box(40, 100), box(0, 100), box(20, 100)])).toEqual([36, 0, 18]);
  });

  it('moves a label below the fixed text it would cover, which stays', () => {
    expect(labelShifts([box(10, 100), box(200, 100)], [box(0, 95, 80, 10)])).toEqual([7, 0]);
  });

  it('moves a label past a second one it would meet after the first move', () => {
    expect(labelShifts([box(0, 0), box(0, 18), box(10, 5)])).toEqual([0, 0, 31]);
  });
});

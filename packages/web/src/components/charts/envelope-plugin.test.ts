import { describe, expect, it } from 'vitest';
import type { EnvelopePoint } from './chart-model.ts';
import { pixelColumns } from './envelope-plugin.ts';

/** x: a canvas pixel every 10 s; y: 100 px minus the value (higher values drawn higher up). */
const plot = { valToPos: (v: number, scale: string) => (scale === 'x' ? v / 10 : 100 - v) };
const at = (seconds: number, min: number, max: number): EnvelopePoint => [seconds * 1000, min, max, 1];

describe('the envelope band, a pixel column at a time', () => {
  it('keeps the highest reading and the lowest of the buckets drawn in one column', () => {
    // 0 s and 3 s fall in the first column, 6 s in the second
    const run = [at(0, 5, 6), at(3, 4, 90), at(6, 2, 7), at(20, 5, 6)];
    // the peak of 90 in the first column stays at its height: no reading hides in the merge
    expect(pixelColumns(plot, 'y', run)).toEqual([
      [0, 10, 96],
      [1, 93, 98],
      [2, 94, 95],
    ]);
  });

  it('keeps every bucket that has a column of its own', () => {
    const run = [at(0, 1, 2), at(10, 3, 4), at(20, 5, 6)];
    expect(pixelColumns(plot, 'y', run).map(([x]) => x)).toEqual([0, 1, 2]);
  });
});

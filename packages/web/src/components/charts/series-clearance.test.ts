import { describe, expect, it } from 'vitest';
import { seriesCross, type PlottedSeries } from './series-clearance.ts';

/** A plot whose values are its pixels: x in seconds, y in pixels from the top. */
const plot = (xs: number[], ...series: Array<Array<number | null>>): PlottedSeries =>
  ({
    data: [xs, ...series],
    series: [{}, ...series.map(() => ({ show: true, scale: 'y' }))],
    valToPos: (v: number) => v,
  }) as unknown as PlottedSeries;

const BOX = { left: 100, right: 200, top: 50, bottom: 70 };

describe('whether a series runs through a label', () => {
  it('sees a line crossing the box between two readings on either side of it', () => {
    expect(seriesCross(plot([0, 300], [0, 120]), BOX)).toBe(true);
  });

  it('sees a reading inside the box', () => {
    expect(seriesCross(plot([150], [60]), BOX)).toBe(true);
  });

  it('lets a line pass above, below or beside the box', () => {
    expect(seriesCross(plot([0, 300], [10, 20]), BOX)).toBe(false);
    expect(seriesCross(plot([0, 300], [100, 90]), BOX)).toBe(false);
    expect(seriesCross(plot([0, 90, 210, 300], [60, 60, null, 60]), BOX)).toBe(false);
  });

  it('follows a long series from the last reading before the box, and no earlier one', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => i / 10);
    // every reading left of the box at the label's height: none of them is drawn inside it
    expect(seriesCross(plot([...xs, 300], [...xs.map(() => 60), 10]), BOX)).toBe(true);
    expect(seriesCross(plot([...xs, 300], [...xs.map(() => 0), 200]), BOX)).toBe(true);
    expect(seriesCross(plot([...xs, 300], [...xs.map(() => 60), null]), BOX)).toBe(false);
  });

  it('draws no line across a gap, and ignores a hidden series', () => {
    expect(seriesCross(plot([0, 150, 300], [60, null, 60]), BOX)).toBe(false);
    const hidden = plot([0, 300], [60, 60]);
    (hidden.series[1] as { show: boolean }).show = false;
    expect(seriesCross(hidden, BOX)).toBe(false);
  });
});

import type uPlot from 'uplot';

/** A box on the chart's canvas, in canvas pixels. */
export interface CanvasBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The part of uPlot a clearance check reads: the data, the series' scales and the value-to-pixel mapping. */
export type PlottedSeries = Pick<uPlot, 'data' | 'series' | 'valToPos'>;

/**
 * Whether the line of a shown series passes through `box`: a label drawn there, even on a background
 * of its own, would hide the readings under it. Each segment between two readings is followed across
 * the box's width; a gap (a missing value) draws no segment.
 */
export function seriesCross(u: PlottedSeries, box: CanvasBox): boolean {
  const xs = u.data[0] as ArrayLike<number>;
  for (let i = 1; i < u.series.length; i++) {
    const series = u.series[i]!;
    if (series.show === false || !series.scale) continue;
    const ys = u.data[i] as ArrayLike<number | null | undefined>;
    let previous: [number, number] | null = null;
    // the readings are in time order: the walk starts at the one before the box's left edge
    for (let j = Math.max(0, firstAtOrAfter(u, xs, box.left) - 1); j < xs.length; j++) {
      const value = ys[j];
      if (value === null || value === undefined) {
        previous = null;
        continue;
      }
      const point: [number, number] = [u.valToPos(xs[j]!, 'x', true), u.valToPos(value, series.scale, true)];
      if (segmentCrosses(previous ?? point, point, box)) return true;
      previous = point;
      // the readings are in time order: none further on can reach back into the box
      if (point[0] > box.right) break;
    }
  }
  return false;
}

/** The index of the first time drawn at or right of canvas x `left` (binary search: the times are in order). */
function firstAtOrAfter(u: PlottedSeries, xs: ArrayLike<number>, left: number): number {
  let [low, high] = [0, xs.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (u.valToPos(xs[mid]!, 'x', true) < left) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Whether the segment from `a` to `b` (a ≤ b along x) meets the box. */
function segmentCrosses(a: [number, number], b: [number, number], box: CanvasBox): boolean {
  const [x0, x1] = [Math.max(a[0], box.left), Math.min(b[0], box.right)];
  if (x0 > x1) return false;
  const at = (x: number) => (b[0] === a[0] ? a[1] : a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]));
  const [y0, y1] = b[0] === a[0] ? [a[1], b[1]] : [at(x0), at(x1)];
  return Math.max(y0, y1) >= box.top && Math.min(y0, y1) <= box.bottom;
}

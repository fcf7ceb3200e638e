import type { InterpolationMethod } from '@vigil/domain';

export interface LocatedValue {
  longitude: number;
  latitude: number;
  value: number;
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface GridOptions {
  method: InterpolationMethod;
  /** inverse-distance power */
  power: number;
  width: number;
  height: number;
}

/** Smallest margin around the points, in degrees (about 50 m), so that one device still spans a grid. */
const MIN_MARGIN = 0.0005;

/** The points' bounding box, widened by 5 % of its size on each side. */
export function boundsOf(points: readonly LocatedValue[]): Bounds | null {
  if (!points.length) return null;
  const lons = points.map((p) => p.longitude);
  const lats = points.map((p) => p.latitude);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const lonMargin = Math.max((east - west) * 0.05, MIN_MARGIN);
  const latMargin = Math.max((north - south) * 0.05, MIN_MARGIN);
  return { west: west - lonMargin, south: south - latMargin, east: east + lonMargin, north: north + latMargin };
}

/**
 * Values at the centres of a width × height grid over `bounds`, rows from north to south. Distances
 * are planar with longitude scaled by cos(latitude) (devices of a site are close together). `idw`
 * weighs every point by 1/d^power (a cell on a point takes its value); `nearest` takes the closest.
 */
export function interpolateGrid(points: readonly LocatedValue[], bounds: Bounds, options: GridOptions): number[][] {
  if (!points.length) return [];
  const scale = Math.cos((((bounds.north + bounds.south) / 2) * Math.PI) / 180);
  const xs = points.map((p) => p.longitude * scale);
  const ys = points.map((p) => p.latitude);
  const cellW = (bounds.east - bounds.west) / options.width;
  const cellH = (bounds.north - bounds.south) / options.height;
  const halfPower = options.power / 2;
  const rows: number[][] = [];
  for (let j = 0; j < options.height; j++) {
    const y = bounds.north - (j + 0.5) * cellH;
    const row: number[] = [];
    for (let i = 0; i < options.width; i++) {
      const x = (bounds.west + (i + 0.5) * cellW) * scale;
      row.push(options.method === 'nearest' ? nearest(points, xs, ys, x, y) : idw(points, xs, ys, x, y, halfPower));
    }
    rows.push(row);
  }
  return rows;
}

function nearest(points: readonly LocatedValue[], xs: number[], ys: number[], x: number, y: number): number {
  let best = 0;
  let bestD2 = Infinity;
  for (let p = 0; p < points.length; p++) {
    const d2 = (xs[p]! - x) ** 2 + (ys[p]! - y) ** 2;
    if (d2 < bestD2) [best, bestD2] = [p, d2];
  }
  return points[best]!.value;
}

function idw(
  points: readonly LocatedValue[],
  xs: number[],
  ys: number[],
  x: number,
  y: number,
  halfPower: number,
): number {
  let weights = 0;
  let sum = 0;
  for (let p = 0; p < points.length; p++) {
    const d2 = (xs[p]! - x) ** 2 + (ys[p]! - y) ** 2;
    if (d2 === 0) return points[p]!.value;
    const w = 1 / d2 ** halfPower;
    weights += w;
    sum += w * points[p]!.value;
  }
  return sum / weights;
}

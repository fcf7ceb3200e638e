import type { HeatmapResult } from '@vigil/domain';
import { classIndexOf, rgbOf, type HeatmapClass } from './heatmap-scale.ts';

type Bounds = NonNullable<HeatmapResult['bounds']>;
type Grid = HeatmapResult['grid'];
export type HeatmapPoint = HeatmapResult['points'][number];

/** Where the site's coordinates land on a canvas, and back. */
export interface HeatmapProjection {
  toPixel(longitude: number, latitude: number): [x: number, y: number];
  toLonLat(x: number, y: number): [longitude: number, latitude: number];
}

/** The smallest extent shown, in degrees, so that a single device is not infinitely zoomed. */
const MIN_SPAN = 0.0005;

/**
 * Fits the devices and the grid's bounds into `width` × `height` pixels less `padding`, keeping the
 * site's aspect: longitudes are scaled by cos(latitude) as the server's interpolation does.
 */
export function heatmapProjection(
  points: readonly Pick<HeatmapPoint, 'longitude' | 'latitude'>[],
  bounds: Bounds | null,
  width: number,
  height: number,
  padding: number,
): HeatmapProjection | null {
  const lons = points.map((p) => p.longitude);
  const lats = points.map((p) => p.latitude);
  if (bounds) {
    lons.push(bounds.west, bounds.east);
    lats.push(bounds.south, bounds.north);
  }
  if (!lons.length || width <= 2 * padding || height <= 2 * padding) return null;
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const cos = Math.cos((((north + south) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * cos, MIN_SPAN);
  const spanY = Math.max(north - south, MIN_SPAN);
  const scale = Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY);
  const [midX, midY] = [((west + east) / 2) * cos, (south + north) / 2];
  const [cx, cy] = [width / 2, height / 2];
  return {
    toPixel: (longitude, latitude) => [cx + (longitude * cos - midX) * scale, cy - (latitude - midY) * scale],
    toLonLat: (x, y) => [((x - cx) / scale + midX) / cos, midY - (y - cy) / scale],
  };
}

/**
 * The grid's value at a place, interpolated bilinearly between the cells' centres (rows run north
 * to south); null outside the bounds or when the grid is empty.
 */
export function sampleGrid(grid: Grid, bounds: Bounds, longitude: number, latitude: number): number | null {
  const rows = grid.values;
  if (!rows.length || !rows[0]?.length) return null;
  if (longitude < bounds.west || longitude > bounds.east || latitude < bounds.south || latitude > bounds.north)
    return null;
  const h = rows.length;
  const w = rows[0].length;
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  const col = clamp(((longitude - bounds.west) / (bounds.east - bounds.west)) * w - 0.5, w - 1);
  const row = clamp(((bounds.north - latitude) / (bounds.north - bounds.south)) * h - 0.5, h - 1);
  const [c0, r0] = [Math.floor(col), Math.floor(row)];
  const [c1, r1] = [Math.min(c0 + 1, w - 1), Math.min(r0 + 1, h - 1)];
  const [fc, fr] = [col - c0, row - r0];
  const at = (r: number, c: number) => rows[r]![c]!;
  const top = at(r0, c0) * (1 - fc) + at(r0, c1) * fc;
  const bottom = at(r1, c0) * (1 - fc) + at(r1, c1) * fc;
  return top * (1 - fr) + bottom * fr;
}

/** Opacity of the surface, so that the dots above it stand out. */
const SURFACE_ALPHA = 230;

/**
 * The RGBA pixels of the interpolated surface on a `width` × `height` canvas: each pixel takes the
 * colour of the class of the grid's value there, so class borders follow smooth curves.
 */
export function surfacePixels(
  grid: Grid,
  bounds: Bounds,
  classes: readonly HeatmapClass[],
  projection: HeatmapProjection,
  width: number,
  height: number,
): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(width * height * 4);
  if (!classes.length) return pixels;
  const colours = classes.map((c) => rgbOf(c.colour));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [lon, lat] = projection.toLonLat(x + 0.5, y + 0.5);
      const value = sampleGrid(grid, bounds, lon, lat);
      if (value === null) continue;
      const [r, g, b] = colours[classIndexOf(classes, value)]!;
      const i = (y * width + x) * 4;
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
      pixels[i + 3] = SURFACE_ALPHA;
    }
  }
  return pixels;
}

/** The device drawn nearest to (x, y) within `reach` pixels, if any. */
export function pointAt<P extends Pick<HeatmapPoint, 'longitude' | 'latitude'>>(
  points: readonly P[],
  projection: HeatmapProjection,
  x: number,
  y: number,
  reach: number,
): P | null {
  let best: P | null = null;
  let bestDistance = reach;
  for (const p of points) {
    const [px, py] = projection.toPixel(p.longitude, p.latitude);
    const d = Math.hypot(px - x, py - y);
    if (d <= bestDistance) [best, bestDistance] = [p, d];
  }
  return best;
}

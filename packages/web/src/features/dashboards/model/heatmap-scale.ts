import { HEATMAP_COLOURS } from '@vigil/domain';

/** One of the five classes of a heatmap: a value range and its colour. */
export interface HeatmapClass {
  from: number;
  to: number;
  colour: string;
}

/**
 * Five classes of equal width over the values (requirements#monitoring-screens: five colours, low to high). A single
 * value, or values all alike, get a range around them so that the legend still reads.
 */
export function heatmapClasses(values: readonly number[]): HeatmapClass[] {
  const finite = values.filter((v) => Number.isFinite(v));
  if (!finite.length) return [];
  let min = Math.min(...finite);
  let max = Math.max(...finite);
  if (min === max) {
    const half = Math.abs(min) * 0.05 || 1;
    [min, max] = [min - half, max + half];
  }
  const step = (max - min) / HEATMAP_COLOURS.length;
  return HEATMAP_COLOURS.map((colour, i) => ({
    from: min + i * step,
    to: i === HEATMAP_COLOURS.length - 1 ? max : min + (i + 1) * step,
    colour,
  }));
}

/** The index of the class a value falls in; values outside the range go to the nearest end class. */
export function classIndexOf(classes: readonly HeatmapClass[], value: number): number {
  const i = classes.findIndex((c) => value < c.to);
  return i === -1 ? classes.length - 1 : i;
}

/** A `#rrggbb` colour as red, green and blue. */
export function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

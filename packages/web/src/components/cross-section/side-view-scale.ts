import { SIDE_VIEW_SCALE } from '@vigil/domain';

/** The extent a section is drawn over: distance along it and its altitude range. */
export interface SectionExtent {
  distance: number;
  altitudeMin: number;
  altitudeMax: number;
}

/** Exaggerations outside this range draw a section as a line or a wall. */
const EXAGGERATION = { min: 0.1, max: 100 } as const;

/**
 * The vertical exaggeration of the side view from its vertical scale (requirements#monitoring-constants: 0 to 1000).
 * 0 fits the section to the box it is drawn in, whatever its proportions; any other value is the
 * exaggeration in per cent: 100 draws a metre up as long as a metre along, 250 two and a half times.
 */
export function verticalExaggeration(
  scale: number,
  extent: SectionExtent,
  box: { width: number; height: number },
): number {
  const clamped = Math.min(SIDE_VIEW_SCALE.max, Math.max(SIDE_VIEW_SCALE.min, Number.isFinite(scale) ? scale : 0));
  const range = extent.altitudeMax - extent.altitudeMin;
  const fitted =
    clamped === 0 && range > 0 && extent.distance > 0 && box.width > 0 && box.height > 0
      ? ((extent.distance / range) * box.height) / box.width
      : clamped === 0
        ? 1
        : clamped / 100;
  return Math.min(EXAGGERATION.max, Math.max(EXAGGERATION.min, fitted));
}

/** A step of 1, 2 or 5 times a power of ten that cuts `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10;
  return nice * power;
}

/** Grid lines between min and max (both included when they fall on a step), about `count` of them. */
export function gridTicks(min: number, max: number, count: number): number[] {
  if (!(max > min)) return [];
  const step = niceStep(max - min, count);
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step - 1e-9) * step; v <= max + step * 1e-9; v += step) {
    // Rounded to the step's decimals: 0.1 + 0.2 is drawn as 0.3.
    ticks.push(Number(v.toFixed(Math.max(0, -Math.floor(Math.log10(step))))));
  }
  return ticks;
}

/** The scale bar: the longest nice length (1, 2 or 5 × 10ⁿ units) that fits `maxPixels`, and its width. */
export function scaleBar(unitsPerPixel: number, maxPixels: number): { length: number; pixels: number } {
  if (!(unitsPerPixel > 0) || !(maxPixels > 0)) return { length: 0, pixels: 0 };
  const most = unitsPerPixel * maxPixels;
  const power = 10 ** Math.floor(Math.log10(most));
  const length = [5, 2, 1].map((n) => n * power).find((n) => n <= most) ?? power;
  return { length, pixels: length / unitsPerPixel };
}

/** Where an altitude is drawn in the side view's plane: metres above the section's floor, exaggerated. */
export const plotY = (altitude: number, altitudeMin: number, exaggeration: number) =>
  (altitude - altitudeMin) * exaggeration;

/** The altitude at a height of the side view's plane: the inverse of plotY. */
export const altitudeAt = (y: number, altitudeMin: number, exaggeration: number) => y / exaggeration + altitudeMin;

import { EARTH_RADIUS_KM, haversineKm, type GeoBounds, type LatLng } from '@vigil/domain';

/** Metres per degree of latitude on the sphere of the haversine distance. */
const METRES_PER_DEGREE = (EARTH_RADIUS_KM * 1000 * Math.PI) / 180;

/**
 * A point in metres east and north of `origin`: an equirectangular plane at the origin's latitude,
 * exact to a few millimetres over a section a few kilometres long.
 */
function localMetres(origin: LatLng, point: LatLng): { east: number; north: number } {
  const cosLat = Math.cos((origin.lat * Math.PI) / 180);
  return {
    east: (point.lng - origin.lng) * METRES_PER_DEGREE * cosLat,
    north: (point.lat - origin.lat) * METRES_PER_DEGREE,
  };
}

export interface SectionPlacement {
  /** the distance along the section, in the section's distance units: the fraction times `distance` */
  x: number;
  /** where the foot of the perpendicular falls on x0 → xMax: 0 at x0, 1 at xMax (outside 0..1 beyond the ends) */
  fraction: number;
  /** metres from the section line, positive to the left looking from x0 to xMax */
  offset: number;
}

/**
 * Where a located instrument falls on a section: the projection of its location onto the line from
 * x0 to xMax, as a fraction of the line's length times the section's `distance`. Null when the
 * section has no line (an end missing, or both ends at one point) or the instrument no location.
 */
export function projectOntoSection(
  location: LatLng | null | undefined,
  x0: LatLng | null | undefined,
  xMax: LatLng | null | undefined,
  distance: number,
): SectionPlacement | null {
  if (!location || !x0 || !xMax) return null;
  const end = localMetres(x0, xMax);
  const point = localMetres(x0, location);
  const lengthSquared = end.east ** 2 + end.north ** 2;
  if (lengthSquared < 1e-6) return null;
  const fraction = (point.east * end.east + point.north * end.north) / lengthSquared;
  const offset = (end.east * point.north - end.north * point.east) / Math.sqrt(lengthSquared);
  return { x: fraction * distance, fraction, offset };
}

/** The point at `fraction` of the way from x0 to xMax (the inverse of the projection, on the line). */
export function locationAlong(x0: LatLng, xMax: LatLng, fraction: number): LatLng {
  return { lat: x0.lat + (xMax.lat - x0.lat) * fraction, lng: x0.lng + (xMax.lng - x0.lng) * fraction };
}

/** The length of the section line on the ground, metres (great circle). */
export function sectionLineLength(x0: LatLng, xMax: LatLng): number {
  return haversineKm({ lat: x0.lat, lon: x0.lng }, { lat: xMax.lat, lon: xMax.lng }) * 1000;
}

/** The middle of the section line, where its weather is wanted; null without a line. */
export function sectionMidpoint(x0: LatLng | null, xMax: LatLng | null): LatLng | null {
  return x0 && xMax ? locationAlong(x0, xMax, 0.5) : (x0 ?? xMax ?? null);
}

/** The box around some points, a little larger so that nothing sits on the map's edge; null without points. */
export function boundsAround(points: readonly LatLng[]): GeoBounds | null {
  if (!points.length) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  // A twentieth of the extent each side; a lone point gets about 20 m around it.
  const padLat = Math.max((north - south) * 0.05, 0.0002);
  const padLng = Math.max((east - west) * 0.05, 0.0002);
  return { south: south - padLat, north: north + padLat, west: west - padLng, east: east + padLng };
}

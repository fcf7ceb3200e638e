/**
 * Unit conversions of requirements#monitoring-constants: distances, temperatures, angles, speeds, and the great-circle
 * distance between two points. Pure functions, shared by the weather service and the web app.
 */

/** Kilometres in one international mile (exact). */
export const KM_PER_MILE = 1.609344;
/** Metres per second in one mile per hour (exact: 1609.344 m / 3600 s). */
export const MPS_PER_MPH = 0.44704;
/** Kelvin at 0 °C (exact). */
export const KELVIN_OFFSET = 273.15;
/** The mean radius of the Earth (IUGG), km: the haversine distance assumes a sphere of this radius. */
export const EARTH_RADIUS_KM = 6371.0088;

export const milesToKm = (miles: number) => miles * KM_PER_MILE;
export const kmToMiles = (km: number) => km / KM_PER_MILE;

export const celsiusToFahrenheit = (celsius: number) => (celsius * 9) / 5 + 32;
export const fahrenheitToCelsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;
export const celsiusToKelvin = (celsius: number) => celsius + KELVIN_OFFSET;
export const kelvinToCelsius = (kelvin: number) => kelvin - KELVIN_OFFSET;

export const mpsToMph = (mps: number) => mps / MPS_PER_MPH;
export const mphToMps = (mph: number) => mph * MPS_PER_MPH;
export const kmhToMps = (kmh: number) => kmh / 3.6;

export const degreesToRadians = (degrees: number) => (degrees * Math.PI) / 180;
export const radiansToDegrees = (radians: number) => (radians * 180) / Math.PI;

/** An angle in degrees brought into [0, 360): -90 → 270, 360 → 0, 725 → 5. */
export function normaliseDegrees(degrees: number): number {
  const normalised = degrees % 360;
  // `+ 0` turns -0 into 0.
  return (normalised < 0 ? normalised + 360 : normalised) + 0;
}

export interface LatLon {
  lat: number;
  lon: number;
}

/** The great-circle distance between two points in km (haversine formula, spherical Earth). */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = degreesToRadians(b.lat - a.lat);
  const dLon = degreesToRadians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(degreesToRadians(a.lat)) * Math.cos(degreesToRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The 16 points of the compass, clockwise from north (requirements#monitoring-screens). */
export const COMPASS_POINTS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The compass point nearest to a bearing in degrees; each point covers 22.5°, N from 348.75° to 11.25°. */
export function compassPoint(degrees: number): CompassPoint {
  const sector = Math.round(normaliseDegrees(degrees) / 22.5) % COMPASS_POINTS.length;
  return COMPASS_POINTS[sector]!;
}

import type { LatLon, WeatherIcon } from '@vigil/domain';

/**
 * What a source measured or forecasts, before presentation: in °C, m/s, km, hPa, mm and %, and
 * without words, so that one cached observation serves every `units` and `lang`.
 */
export interface Observation {
  temp: number | null;
  tempMin: number | null;
  tempMax: number | null;
  pressure: number | null;
  humidity: number | null;
  visibilityKm: number | null;
  rainfall: number | null;
  windSpeed: number | null;
  /** degrees clockwise from north */
  windDirection: number | null;
  icon: WeatherIcon;
  /** the station's title or the provider's name */
  subtitle: string;
  country: string | null;
  coordinates: LatLon;
  /** ISO-8601 UTC */
  time: string;
  source: string;
}

export const HOUR_MS = 3_600_000;
export const iso = (t: number) => new Date(t).toISOString();

/** The start of the first forecast period: the next boundary of `hours` after `now` (UTC). */
export const nextPeriodStart = (now: number, hours: number) => Math.ceil(now / (hours * HOUR_MS)) * hours * HOUR_MS;

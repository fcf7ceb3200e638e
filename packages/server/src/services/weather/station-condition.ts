import type { WeatherIcon } from '@vigil/domain';

/** Heavy rain from 7.6 mm/h (the American Meteorological Society's glossary); below 0.5 mm/h, drizzle. */
const HEAVY_RAIN_MM_H = 7.6;
const RAIN_MM_H = 0.5;
/** Beaufort force 6, a strong breeze: umbrellas are used with difficulty. */
const WINDY_MPS = 10.8;

/**
 * The condition a rain gauge, a thermometer and an anemometer can tell: precipitation by its rate
 * (snow at or below 0 °C), strong wind, or else no rain. A station sees no clouds, so it never
 * says clear or cloudy.
 */
export function stationCondition(m: {
  rainMmPerHour: number | null;
  windSpeed: number | null;
  temp: number | null;
}): WeatherIcon {
  const rain = m.rainMmPerHour ?? 0;
  if (rain > 0 && m.temp !== null && m.temp <= 0) return 'snow';
  if (rain >= HEAVY_RAIN_MM_H) return 'heavy-rain';
  if (rain >= RAIN_MM_H) return 'rain';
  if (rain > 0) return 'drizzle';
  if ((m.windSpeed ?? 0) >= WINDY_MPS) return 'windy';
  return 'dry';
}

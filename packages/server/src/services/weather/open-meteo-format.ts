import type { WeatherIcon } from '@vigil/domain';
import { z } from 'zod';

/**
 * Open-Meteo's forecast API (`/v1/forecast`), as documented at open-meteo.com/en/docs: variables
 * are asked for by name in `current`, `hourly` and `daily`; the answer holds `current` as one value
 * per variable and `hourly`/`daily` as arrays parallel to their `time`. Missing values are null.
 */

/** The current conditions asked for (also valid hourly variables). */
export const CURRENT_VARIABLES = [
  'temperature_2m',
  'relative_humidity_2m',
  'precipitation',
  'weather_code',
  'pressure_msl',
  'wind_speed_10m',
  'wind_direction_10m',
  'visibility',
] as const;
export const HOURLY_VARIABLES = CURRENT_VARIABLES;
export const DAILY_VARIABLES = ['temperature_2m_max', 'temperature_2m_min', 'precipitation_sum'] as const;

const value = z.number().nullable().optional();
const series = z.array(z.number().nullable()).optional();
/** `{variable: type}` for each variable. */
const shapeOf = <const K extends readonly string[], T extends z.ZodType>(keys: K, type: T) =>
  Object.fromEntries(keys.map((k) => [k, type])) as { [P in K[number]]: T };

export const currentAnswer = z.object({
  latitude: z.number(),
  longitude: z.number(),
  utc_offset_seconds: z.number().default(0),
  current: z.object({
    time: z.string(),
    ...shapeOf(CURRENT_VARIABLES, value),
  }),
  daily: z.object({ time: z.array(z.string()), ...shapeOf(DAILY_VARIABLES, series) }).optional(),
});
export type CurrentAnswer = z.infer<typeof currentAnswer>;

export const hourlyAnswer = z.object({
  latitude: z.number(),
  longitude: z.number(),
  utc_offset_seconds: z.number().default(0),
  hourly: z.object({
    time: z.array(z.string()),
    ...shapeOf(HOURLY_VARIABLES, series),
  }),
});
export type HourlyAnswer = z.infer<typeof hourlyAnswer>;

/** An Open-Meteo local time (`2026-03-26T16:15`, in the answer's time zone) as epoch ms. */
export const timeOf = (local: string, utcOffsetSeconds: number) =>
  Date.parse(`${local.length === 10 ? `${local}T00:00` : local}Z`) - utcOffsetSeconds * 1000;

/** A WMO weather interpretation code (Open-Meteo's `weather_code`) as an icon. */
export function iconOfWmoCode(code: number | null | undefined): WeatherIcon {
  if (code === null || code === undefined) return 'cloudy';
  if (code === 0) return 'clear';
  if (code === 1 || code === 2) return 'partly-cloudy';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if (code === 65 || code === 67 || code === 82) return 'heavy-rain';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95 && code <= 99) return 'thunderstorm';
  return 'cloudy';
}

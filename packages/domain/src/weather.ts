import { z } from 'zod';

/**
 * The weather service's contract (requirements#service-contracts, ADR 0026): current weather and a forecast by lat,
 * lon, units and language, from the site's own meteorological station or a forecast provider.
 */

export const WEATHER_UNITS = ['celsius', 'fahrenheit', 'kelvin'] as const;
export type WeatherUnits = (typeof WEATHER_UNITS)[number];

/** Weather answers are kept one hour (requirements#monitoring-constants). */
export const WEATHER_CACHE_MS = 3_600_000;
/** The forecast: periods of this many hours, from the next boundary of one (UTC). */
export const WEATHER_PERIOD_HOURS = 6;
export const WEATHER_FORECAST_PERIODS = 4;

/** What the sky is doing, which is also the icon's name. `dry`: a station saw no rain (it cannot see clouds). */
export const WEATHER_ICONS = [
  'clear',
  'partly-cloudy',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'heavy-rain',
  'snow',
  'thunderstorm',
  'windy',
  'dry',
] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];

/** `source` of an answer from a forecast provider; a station's is `station:<eid>`. */
export const OPEN_METEO_SOURCE = 'open-meteo';
export const STATION_SOURCE_PREFIX = 'station:';
export const stationSource = (eid: string) => `${STATION_SOURCE_PREFIX}${eid}`;
export const isStationSource = (source: string) => source.startsWith(STATION_SOURCE_PREFIX);

/** The units each field is in, by the `units` asked for: metric but for °F, mph and miles. */
export function weatherDisplayUnits(units: WeatherUnits) {
  return {
    temperature: units === 'celsius' ? '°C' : units === 'fahrenheit' ? '°F' : 'K',
    speed: units === 'fahrenheit' ? 'mph' : 'm/s',
    visibility: units === 'fahrenheit' ? 'mi' : 'km',
    rainfall: 'mm',
    pressure: 'hPa',
    humidity: '%',
  } as const;
}

const coordinate = (name: string, limit: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a number') })
    .trim()
    .regex(/^[-+]?(\d+(\.\d*)?|\.\d+)$/, 'Must be a number')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-limit, `${name} must be between -${limit} and ${limit}`)
        .max(limit, `${name} must be between -${limit} and ${limit}`),
    );

export const weatherQuery = z.object({
  lat: coordinate('Latitude', 90),
  lon: coordinate('Longitude', 180),
  units: z.enum(WEATHER_UNITS).default('celsius'),
  /** a language code such as `pt-BR` or `pt`; titles come in the nearest of the eight languages */
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,3}$/, 'Must be a language code such as en-US')
    .default('en-US'),
});
export type WeatherQuery = z.infer<typeof weatherQuery>;

const reading = z.number().nullable();

export const weatherReportSchema = z.object({
  temp: reading,
  tempMin: reading,
  tempMax: reading,
  /** hPa */
  pressure: reading,
  /** % */
  humidity: reading,
  /** km, or miles with units=fahrenheit; null when the source cannot see it */
  visibility: reading,
  country: z.string().nullable(),
  /** mm: over the last 24 hours (a station), the day (a provider's current weather) or the period */
  rainfall: reading,
  icon: z.enum(WEATHER_ICONS),
  title: z.string(),
  subtitle: z.string(),
  /** where the weather was measured (the station) or forecast (the provider's grid point) */
  coordinates: z.object({ lat: z.number(), lon: z.number() }),
  wind: z.object({
    /** degrees clockwise from north the wind blows from, 0 to 360 */
    direction: reading,
    speed: reading,
    unit: z.enum(['m/s', 'mph']),
  }),
  /** ISO-8601 UTC: when it was measured, or the start of the period */
  time: z.string(),
  /** `station:<eid>` or `open-meteo` */
  source: z.string(),
});
export type WeatherReport = z.infer<typeof weatherReportSchema>;

export const weatherForecastSchema = z.object({ objects: z.array(weatherReportSchema) });
export type WeatherForecast = z.infer<typeof weatherForecastSchema>;

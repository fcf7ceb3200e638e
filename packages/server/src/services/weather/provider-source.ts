import { OPEN_METEO_SOURCE, WEATHER_FORECAST_PERIODS, WEATHER_PERIOD_HOURS, type LatLon } from '@vigil/domain';
import {
  CURRENT_VARIABLES,
  currentAnswer,
  DAILY_VARIABLES,
  HOURLY_VARIABLES,
  hourlyAnswer,
  iconOfWmoCode,
  timeOf,
} from './open-meteo-format.ts';
import { HOUR_MS, iso, nextPeriodStart, type Observation } from './observation.ts';

/** Where Open-Meteo's forecast endpoint is and how long it may take (WEATHER_PROVIDER_URL, ADR 0026). */
export interface ProviderConfig {
  url: string;
  timeoutMs: number;
}

/** Units the answers come in, so that every source hands over the same (°C, m/s, mm); GMT times. */
const UNITS = { temperature_unit: 'celsius', wind_speed_unit: 'ms', precipitation_unit: 'mm', timezone: 'GMT' };

async function ask(provider: ProviderConfig, point: LatLon, params: Record<string, string>): Promise<unknown> {
  const url = new URL(provider.url);
  const query = { latitude: String(point.lat), longitude: String(point.lon), ...UNITS, ...params };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  // The time-out covers the body too: a provider that stalls mid-answer is as late as a silent one.
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(provider.timeoutMs),
  });
  if (!response.ok) throw new Error(`Open-Meteo answered ${response.status}`);
  return response.json();
}

const common = (answer: { latitude: number; longitude: number }) => ({
  subtitle: 'Open-Meteo',
  country: null,
  coordinates: { lat: answer.latitude, lon: answer.longitude },
  source: OPEN_METEO_SOURCE,
});
const orNull = (value: number | null | undefined) => value ?? null;
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

/** Now at the point, by Open-Meteo: its current conditions and today's (UTC) extremes and rain. */
export async function providerCurrent(provider: ProviderConfig, point: LatLon): Promise<Observation> {
  const answer = currentAnswer.parse(
    await ask(provider, point, {
      current: CURRENT_VARIABLES.join(','),
      daily: DAILY_VARIABLES.join(','),
      forecast_days: '1',
    }),
  );
  const c = answer.current;
  const today = answer.daily;
  return {
    ...common(answer),
    temp: orNull(c.temperature_2m),
    tempMin: orNull(today?.temperature_2m_min?.[0]),
    tempMax: orNull(today?.temperature_2m_max?.[0]),
    pressure: orNull(c.pressure_msl),
    humidity: orNull(c.relative_humidity_2m),
    visibilityKm: c.visibility == null ? null : c.visibility / 1000,
    rainfall: orNull(today?.precipitation_sum?.[0] ?? c.precipitation),
    windSpeed: orNull(c.wind_speed_10m),
    windDirection: orNull(c.wind_direction_10m),
    icon: iconOfWmoCode(c.weather_code),
    time: iso(timeOf(c.time, answer.utc_offset_seconds)),
  };
}

/**
 * The coming periods at the point, by Open-Meteo's hourly forecast: the mean, lowest and highest
 * temperature of each, its rain, the mean of the rest, the wind direction of its first hour, and
 * the most severe weather code (WMO codes grow with severity).
 */
export async function providerForecast(provider: ProviderConfig, point: LatLon, now: number): Promise<Observation[]> {
  const answer = hourlyAnswer.parse(
    await ask(provider, point, { hourly: HOURLY_VARIABLES.join(','), forecast_days: '2' }),
  );
  const hourly = answer.hourly;
  const times = hourly.time.map((t) => timeOf(t, answer.utc_offset_seconds));
  const periodMs = WEATHER_PERIOD_HOURS * HOUR_MS;
  const first = nextPeriodStart(now, WEATHER_PERIOD_HOURS);
  const periods: Observation[] = [];
  for (let i = 0; i < WEATHER_FORECAST_PERIODS; i++) {
    const from = first + i * periodMs;
    const hours = times.flatMap((t, j) => (t >= from && t < from + periodMs ? [j] : []));
    if (!hours.length) continue;
    const of = (variable: (typeof HOURLY_VARIABLES)[number]) =>
      hours.map((j) => hourly[variable]?.[j]).filter((v): v is number => typeof v === 'number');
    const temps = of('temperature_2m');
    const rain = of('precipitation');
    const codes = of('weather_code');
    const visibility = mean(of('visibility'));
    periods.push({
      ...common(answer),
      temp: mean(temps),
      tempMin: temps.length ? Math.min(...temps) : null,
      tempMax: temps.length ? Math.max(...temps) : null,
      pressure: mean(of('pressure_msl')),
      humidity: mean(of('relative_humidity_2m')),
      visibilityKm: visibility === null ? null : visibility / 1000,
      rainfall: rain.length ? rain.reduce((a, b) => a + b, 0) : null,
      windSpeed: mean(of('wind_speed_10m')),
      windDirection: orNull(hourly.wind_direction_10m?.[hours[0]!]),
      icon: iconOfWmoCode(codes.length ? Math.max(...codes) : null),
      time: iso(from),
    });
  }
  if (!periods.length) throw new Error('Open-Meteo answered no hours of the coming periods');
  return periods;
}

import {
  WEATHER_CACHE_MS,
  type LatLon,
  type WeatherForecast,
  type WeatherQuery,
  type WeatherReport,
} from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import type { Observation } from './observation.ts';
import { providerCurrent, providerForecast, type ProviderConfig } from './provider-source.ts';
import { nearestStation, stationCurrent, stationForecast } from './station-source.ts';
import { findStations, type Station } from './station-store.ts';
import { TtlCache } from './weather-cache.ts';
import { presentWeather } from './weather-presenter.ts';

/** What a provider failure logs (requirements#monitoring-errors), word for word. */
export const WEATHER_FAILURES = {
  current: 'Failed to fetch weather data',
  forecast: 'Failed to fetch weather forecast data',
} as const;

export interface WeatherOptions {
  db: Db;
  dialect: Dialect;
  /** how far a station may be from the point asked about (WEATHER_STATION_RADIUS_KM) */
  stationRadiusKm: number;
  /** Open-Meteo, when WEATHER_PROVIDER_URL is set */
  provider: ProviderConfig | null;
  log: { error(details: object, message: string): void };
  /** epoch ms; tests move it to see the cache expire */
  clock?: () => number;
}

/** Cached per project (the station is the project's) and point, to about ten metres. */
const keyOf = (projectId: string, point: LatLon) => `${projectId}|${point.lat.toFixed(4)}|${point.lon.toFixed(4)}`;

/**
 * Current weather and forecasts (ADR 0026): from the provider when one is configured, else — and
 * whenever it fails — from the project's meteorological station nearest to the point. Answers are
 * kept an hour, before units and language are applied, so that one load serves every caller.
 */
export function createWeatherService(options: WeatherOptions) {
  const { db, dialect, provider, log, stationRadiusKm } = options;
  const clock = options.clock ?? Date.now;
  const currents = new TtlCache<Observation>(WEATHER_CACHE_MS, clock);
  const forecasts = new TtlCache<Observation[]>(WEATHER_CACHE_MS, clock);

  async function stationFor(projectId: string, point: LatLon): Promise<Station> {
    const station = nearestStation(await findStations(db, projectId), point, stationRadiusKm);
    if (!station) throw notFound(`No meteorological station within ${stationRadiusKm} km of this point`);
    return station;
  }

  /** The provider's answer, or null (logged) when it fails or none is configured. */
  async function fromProvider<T>(load: (p: ProviderConfig) => Promise<T>, failure: string, point: LatLon) {
    if (!provider) return null;
    try {
      return await load(provider);
    } catch (error) {
      log.error({ err: error, lat: point.lat, lon: point.lon }, failure);
      return null;
    }
  }

  async function loadCurrent(projectId: string, point: LatLon): Promise<Observation> {
    const now = clock();
    const provided = await fromProvider((p) => providerCurrent(p, point), WEATHER_FAILURES.current, point);
    if (provided) return provided;
    const station = await stationFor(projectId, point);
    const observed = await stationCurrent(db, dialect, projectId, station, now);
    if (!observed) throw notFound(`The meteorological station ${station.eid} has no readings`);
    return observed;
  }

  async function loadForecast(projectId: string, point: LatLon): Promise<Observation[]> {
    const now = clock();
    const provided = await fromProvider((p) => providerForecast(p, point, now), WEATHER_FAILURES.forecast, point);
    if (provided) return provided;
    return stationForecast(db, dialect, projectId, await stationFor(projectId, point), now);
  }

  return {
    async current(projectId: string, query: WeatherQuery): Promise<WeatherReport> {
      const point = { lat: query.lat, lon: query.lon };
      const observed = await currents.getOrLoad(keyOf(projectId, point), () => loadCurrent(projectId, point));
      return presentWeather(observed, query.units, query.lang);
    },
    async forecast(projectId: string, query: WeatherQuery): Promise<WeatherForecast> {
      const point = { lat: query.lat, lon: query.lon };
      const periods = await forecasts.getOrLoad(keyOf(projectId, point), () => loadForecast(projectId, point));
      return { objects: periods.map((o) => presentWeather(o, query.units, query.lang)) };
    },
  };
}
export type WeatherService = ReturnType<typeof createWeatherService>;

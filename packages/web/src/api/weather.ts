import { queryOptions } from '@tanstack/react-query';
import { WEATHER_CACHE_MS, type WeatherForecast, type WeatherReport, type WeatherUnits } from '@vigil/domain';
import { ApiError } from './api-error.ts';
import { API, api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Where and how the weather is wanted (the service's query, requirements#service-contracts). */
export interface WeatherRequest {
  lat: number;
  lon: number;
  units: WeatherUnits;
  lang: string;
}

/** The weather service's calls (ours, ADR 0026). */
/** null when there is no weather at the point: no station near it has reported, and no provider (204). */
export const weatherApi = {
  current: async (request: WeatherRequest, signal?: AbortSignal) =>
    (await api.get<WeatherReport | undefined>(`${API.weather}/current`, {
      query: { ...request },
      quiet: true,
      signal,
    })) ?? null,
  forecast: async (request: WeatherRequest, signal?: AbortSignal) =>
    (await api.get<WeatherForecast | undefined>(`${API.weather}/forecast`, {
      query: { ...request },
      quiet: true,
      signal,
    })) ?? null,
};

const retryUnlessNotFound = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.isNotFound) && failures < 2;

/** The weather is kept an hour (requirements#monitoring-constants), as the service keeps it. */
export const currentWeatherQuery = (projectId: string, request: WeatherRequest) =>
  queryOptions({
    queryKey: queryKeys.weather.current(projectId, request),
    queryFn: ({ signal }) => weatherApi.current(request, signal),
    staleTime: WEATHER_CACHE_MS,
    retry: retryUnlessNotFound,
  });

export const weatherForecastQuery = (projectId: string, request: WeatherRequest) =>
  queryOptions({
    queryKey: queryKeys.weather.forecast(projectId, request),
    queryFn: ({ signal }) => weatherApi.forecast(request, signal),
    staleTime: WEATHER_CACHE_MS,
    retry: retryUnlessNotFound,
  });

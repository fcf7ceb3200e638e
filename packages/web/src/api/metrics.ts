import type { TimeseriesBody, TimeseriesResult } from '@vigil/domain';
import { queryOptions } from '@tanstack/react-query';
import { API, api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The metrics provider calls the web app makes so far (spec 001 §7). */
export const metricsApi = {
  timeseries: (body: TimeseriesBody) =>
    api.post<TimeseriesResult>(`${API.metrics}/metrics/timeseries/`, body, { quiet: true }),
};

export const timeseriesQuery = (body: TimeseriesBody) =>
  queryOptions({
    queryKey: queryKeys.metrics.timeseries(body),
    queryFn: () => metricsApi.timeseries(body),
    staleTime: 120_000,
    retry: false,
  });

import type {
  HeatmapBody,
  HeatmapResult,
  LatestMetricsBody,
  ListBody,
  MetricReading,
  RateOfChangeBody,
  RateOfChangeResult,
  TimeseriesBody,
  TimeseriesResult,
} from '@vigil/domain';
import { METRICS_LATEST_PAGE_SIZE } from '@vigil/domain';
import { queryOptions } from '@tanstack/react-query';
import { API, api, type Query } from './client.ts';
import { DEVICE_CARD_STALE_MS } from './registry.ts';
import { queryKeys } from './query-keys.ts';

/** The metrics provider calls of the web app (requirements#monitoring-calls). */
export const metricsApi = {
  /** A page of stored readings: `monitored_entity_ids`, `ordering`, `paginate_by`, `read_at.from_time`… */
  readings: (query: Query, signal?: AbortSignal) =>
    api.get<ListBody<MetricReading>>(`${API.metrics}/metrics/`, { query, quiet: true, signal }),
  timeseries: (body: TimeseriesBody, signal?: AbortSignal) =>
    api.post<TimeseriesResult>(`${API.metrics}/metrics/timeseries/`, body, { quiet: true, signal }),
  /**
   * The newest reading of each entity, 100 entities a page (requirements#monitoring-constants), pages fetched in
   * parallel.
   */
  latest: async (entityIds: readonly string[]): Promise<MetricReading[]> => {
    const pages: Array<readonly string[]> = [];
    for (let i = 0; i < entityIds.length; i += METRICS_LATEST_PAGE_SIZE)
      pages.push(entityIds.slice(i, i + METRICS_LATEST_PAGE_SIZE));
    const results = await Promise.all(
      pages.map((ids) =>
        api.post<ListBody<MetricReading>>(
          `${API.metrics}/metrics/latest/`,
          { latest_by: 'monitored_entity_id', filters: { monitored_entity_ids: ids } },
          { query: { paginate_by: METRICS_LATEST_PAGE_SIZE }, quiet: true },
        ),
      ),
    );
    return results.flatMap((page) => page.objects);
  },
  /** The newest reading of each data point up to `to_time` (e.g. the nodes of an inclinometer chain). */
  latestByDataPoint: async (body: Omit<LatestMetricsBody, 'latest_by'>, signal?: AbortSignal) =>
    (
      await api.post<ListBody<MetricReading>>(
        `${API.metrics}/metrics/latest/`,
        { ...body, latest_by: 'data_point_id' },
        { query: { paginate_by: METRICS_LATEST_PAGE_SIZE }, quiet: true, signal },
      )
    ).objects,
  heatmap: (body: HeatmapBody, signal?: AbortSignal) =>
    api.post<HeatmapResult>(`${API.metrics}/metrics/heatmap/`, body, { quiet: true, signal }),
  rateOfChange: (body: RateOfChangeBody, signal?: AbortSignal) =>
    api.post<RateOfChangeResult>(`${API.metrics}/metrics/rate-of-change/`, body, { quiet: true, signal }),
};

export const timeseriesQuery = (body: TimeseriesBody) =>
  queryOptions({
    queryKey: queryKeys.metrics.timeseries(body),
    queryFn: ({ signal }) => metricsApi.timeseries(body, signal),
    staleTime: 120_000,
    retry: false,
  });

/** The newest reading of each entity, kept as long as device cards are. */
export const latestReadingsQuery = (entityIds: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.metrics.latest(entityIds),
    queryFn: () => metricsApi.latest(entityIds),
    staleTime: DEVICE_CARD_STALE_MS,
    enabled: entityIds.length > 0,
  });

/** The newest reading of each of some data points at a time (at most 100 data points). */
export const dataPointReadingsQuery = (body: Omit<LatestMetricsBody, 'latest_by'>) =>
  queryOptions({
    queryKey: queryKeys.metrics.dataPointReadings(body),
    queryFn: ({ signal }) => metricsApi.latestByDataPoint(body, signal),
    staleTime: 120_000,
    enabled: Boolean(body.filters?.data_point_ids?.length),
  });

export const heatmapQuery = (body: HeatmapBody) =>
  queryOptions({
    queryKey: queryKeys.metrics.heatmap(body),
    queryFn: ({ signal }) => metricsApi.heatmap(body, signal),
    staleTime: 120_000,
    retry: false,
  });

export const rateOfChangeQuery = (body: RateOfChangeBody) =>
  queryOptions({
    queryKey: queryKeys.metrics.rateOfChange(body),
    queryFn: ({ signal }) => metricsApi.rateOfChange(body, signal),
    staleTime: 120_000,
    retry: false,
  });

/** An entity's newest readings, each with its source (a device's or entered by hand). */
export const recentReadingsQuery = (entityId: string, count: number) =>
  queryOptions({
    queryKey: queryKeys.metrics.readings({ entityId, count }),
    queryFn: ({ signal }) =>
      metricsApi.readings({ monitored_entity_ids: entityId, ordering: '-read_at', paginate_by: count }, signal),
    staleTime: DEVICE_CARD_STALE_MS,
  });

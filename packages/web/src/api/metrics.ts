import type { ListBody, MetricReading, TimeseriesBody, TimeseriesResult } from '@vigil/domain';
import { METRICS_LATEST_PAGE_SIZE } from '@vigil/domain';
import { queryOptions } from '@tanstack/react-query';
import { API, api } from './client.ts';
import { DEVICE_CARD_STALE_MS } from './registry.ts';
import { queryKeys } from './query-keys.ts';

/** The metrics provider calls the web app makes so far (spec 001 §7). */
export const metricsApi = {
  timeseries: (body: TimeseriesBody, signal?: AbortSignal) =>
    api.post<TimeseriesResult>(`${API.metrics}/metrics/timeseries/`, body, { quiet: true, signal }),
  /** The newest reading of each entity, 100 entities a page (spec 001 §9), pages fetched in parallel. */
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

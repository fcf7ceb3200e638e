import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Calibration } from '@vigil/domain';
import { batchById } from './batch-by-id.ts';
import { API, listAll } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { REGISTRY_STALE_MS } from './registry.ts';

/** Where an instrument's calibrations live (requirements#site-contracts). */
export const calibrationsPath = (instrumentId: string) =>
  `${API.registry}/instruments/${encodeURIComponent(instrumentId)}/calibrations`;

/** The calibrations the charts of a page ask for, in one call (each calibration names its instrument). */
const chartCalibrations = batchById(
  (ids) =>
    listAll<Calibration>(`${API.registry}/calibrations`, {
      query: { monitored_entity_id: [...ids].sort().join(','), ordering: 'effective_from' },
      quiet: true,
    }),
  (calibration) => calibration.monitored_entity_id,
);

/** The calibrations of a chart's instruments, oldest effective date first, for its marks; none asked for without instruments. */
export const chartCalibrationsQuery = (instrumentIds: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.registry.chartCalibrations(instrumentIds),
    queryFn: async () =>
      (await chartCalibrations.loadMany(instrumentIds))
        .flatMap((found) => {
          if (found instanceof Error) throw found;
          return found;
        })
        .sort((a, b) => Date.parse(a.effective_from) - Date.parse(b.effective_from)),
    enabled: instrumentIds.length > 0,
    staleTime: REGISTRY_STALE_MS,
  });

/** Prefetches the charts' calibrations, those no query holds yet asked for at once (batchById.sendNow). */
export function prefetchChartCalibrations(queryClient: QueryClient, charts: ReadonlyArray<readonly string[]>) {
  const missing = charts.filter((ids) => !queryClient.getQueryData(chartCalibrationsQuery(ids).queryKey));
  chartCalibrations.sendNow(missing.flat());
  for (const ids of charts) void queryClient.prefetchQuery(chartCalibrationsQuery(ids));
}

/**
 * An instrument's calibrations, newest effective date first: shared, because the device registry
 * lists and edits them and the dashboards' charts mark each change.
 */
export const calibrationsQuery = (instrumentId: string) =>
  queryOptions({
    queryKey: queryKeys.registry.calibrations(instrumentId),
    queryFn: () =>
      listAll<Calibration>(calibrationsPath(instrumentId), { query: { ordering: '-effective_from' }, quiet: true }),
    staleTime: REGISTRY_STALE_MS,
  });

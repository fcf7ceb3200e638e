import { queryOptions } from '@tanstack/react-query';
import type { Calibration } from '@vigil/domain';
import { API, listAll } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { REGISTRY_STALE_MS } from './registry.ts';

/** Where an instrument's calibrations live (requirements#site-contracts). */
export const calibrationsPath = (instrumentId: string) =>
  `${API.registry}/instruments/${encodeURIComponent(instrumentId)}/calibrations`;

/**
 * The calibrations of several instruments in one call (each names its instrument), for a chart's
 * marks; none asked for without instruments.
 */
export const chartCalibrationsQuery = (instrumentIds: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.registry.chartCalibrations(instrumentIds),
    queryFn: () =>
      listAll<Calibration>(`${API.registry}/calibrations`, {
        query: { monitored_entity_id: [...instrumentIds].sort().join(','), ordering: 'effective_from' },
        quiet: true,
      }),
    enabled: instrumentIds.length > 0,
    staleTime: REGISTRY_STALE_MS,
  });

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

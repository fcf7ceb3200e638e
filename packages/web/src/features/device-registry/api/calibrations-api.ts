import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  calibrationRecomputeSchema,
  type Calibration,
  type CalibrationCreateBody,
  type CalibrationPatchBody,
} from '@vigil/domain';
import { calibrationsPath } from '../../../api/calibrations.ts';
import { api } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const one = (instrumentId: string, id: string) => `${calibrationsPath(instrumentId)}/${encodeURIComponent(id)}`;

/** An instrument's calibrations (requirements#site-contracts); the forms show the server's refusals themselves. */
export const calibrationsApi = {
  create: (instrumentId: string, body: CalibrationCreateBody) =>
    api.post<Calibration>(calibrationsPath(instrumentId), body, { quiet: true }),
  update: (instrumentId: string, id: string, body: CalibrationPatchBody) =>
    api.patch<Calibration>(one(instrumentId, id), body, { quiet: true }),
  remove: (instrumentId: string, id: string) => api.delete(one(instrumentId, id), undefined, { quiet: true }),
  recompute: async (instrumentId: string, id: string) =>
    calibrationRecomputeSchema.parse(await api.get(`${one(instrumentId, id)}/recompute`, { quiet: true })),
};

const POLL_MS = 1000;

/** How far the recomputation after a change of calibration `id` has gone; asked again every second until it ends. */
export const calibrationRecomputeQuery = (instrumentId: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.registry.calibrationRecompute(instrumentId, id),
    queryFn: () => calibrationsApi.recompute(instrumentId, id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' || query.state.status === 'error' ? false : POLL_MS;
    },
    staleTime: 0,
    gcTime: 0,
  });

export type CalibrationChange =
  | { action: 'create'; body: CalibrationCreateBody }
  | { action: 'update'; id: string; body: CalibrationPatchBody }
  | { action: 'delete'; id: string };

/**
 * Adds, changes or deletes a calibration; answers the id whose recomputation follows. The
 * instrument's timeline, its charts' marks and its history all change with it.
 */
export function useChangeCalibration(instrumentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: CalibrationChange): Promise<string> => {
      if (change.action === 'create') return (await calibrationsApi.create(instrumentId, change.body)).id;
      if (change.action === 'update') return (await calibrationsApi.update(instrumentId, change.id, change.body)).id;
      await calibrationsApi.remove(instrumentId, change.id);
      return change.id;
    },
    onSettled: () =>
      Promise.all([
        // the instrument's own list, and the lists of several instruments that charts mark
        client.invalidateQueries({ queryKey: ['registry', 'calibrations'] }),
        client.invalidateQueries({ queryKey: queryKeys.registry.history('instruments', instrumentId) }),
      ]),
  });
}

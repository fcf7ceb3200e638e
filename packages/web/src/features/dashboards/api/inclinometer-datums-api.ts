import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InclinometerDatum,
  InclinometerDatumCreateBody,
  ListBody,
  ReadingSet,
  RegistryHistoryKind,
} from '@vigil/domain';
import { API, api } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const instrumentPath = (id: string) => `${API.registry}/instruments/${encodeURIComponent(id)}`;
const HISTORY_KIND: RegistryHistoryKind = 'instruments';

/** Every datum of an inclinometer, the one in effect (set last) first; the earlier ones are kept. */
export const datumsQuery = (instrumentId: string) =>
  queryOptions({
    queryKey: queryKeys.registry.datums(instrumentId),
    queryFn: ({ signal }) =>
      api.get<ListBody<InclinometerDatum>>(`${instrumentPath(instrumentId)}/datums`, {
        query: { paginate_by: 100 },
        quiet: true,
        signal,
      }),
    select: (page) => page.objects,
  });

/** The instrument's reading sets between two instants, newest first: what its datum may be set to. */
export const readingSetsQuery = (instrumentId: string, from: Date, to: Date) =>
  queryOptions({
    queryKey: queryKeys.registry.readingSets(instrumentId, from.toISOString(), to.toISOString()),
    queryFn: ({ signal }) =>
      api.get<{ objects: ReadingSet[] }>(`${instrumentPath(instrumentId)}/reading-sets`, {
        query: { from_time: from.toISOString(), to_time: to.toISOString() },
        quiet: true,
        signal,
      }),
    select: (page) => page.objects,
  });

/** Sets a new datum; the profile reads it at once, and the device's history shows the change. */
export function useSetDatum(instrumentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InclinometerDatumCreateBody) =>
      api.post<InclinometerDatum>(`${instrumentPath(instrumentId)}/datums`, body, { quiet: true }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.registry.datums(instrumentId) }),
        client.invalidateQueries({ queryKey: queryKeys.registry.history(HISTORY_KIND, instrumentId) }),
      ]),
  });
}

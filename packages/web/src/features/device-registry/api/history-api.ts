import { queryOptions } from '@tanstack/react-query';
import type { RegistryHistoryEntry, RegistryHistoryKind } from '@vigil/domain';
import { API, listAll } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** Every change of a device, scheme or group, newest first (requirements#site-contracts). */
export const registryHistoryQuery = (kind: RegistryHistoryKind, id: string) =>
  queryOptions({
    queryKey: queryKeys.registry.history(kind, id),
    queryFn: () =>
      listAll<RegistryHistoryEntry>(`${API.registry}/${kind}/${encodeURIComponent(id)}/history`, { quiet: true }),
  });

import type { DeviceProfile } from '@vigil/domain';
import { queryOptions } from '@tanstack/react-query';
import { API, api, listAll } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The registry's path of each entity type. */
export const ENTITY_PATHS = {
  instrument: 'instruments',
  'interface-node': 'interface-nodes',
  'virtual-device': 'virtual-devices',
} as const;
export type EntityTypeName = keyof typeof ENTITY_PATHS;

/** A device as searches offer it. */
export type DeviceChoice = Pick<DeviceProfile, 'id' | 'title' | 'eid'> & {
  monitored_entity_type: EntityTypeName;
  scheme: { id: string; name: string } | null;
};

/** Registry cache time of spec 001 §4: 5 minutes. */
const REGISTRY_STALE_MS = 300_000;
const CHOICE_FIELDS = 'id,title,eid,scheme.id,scheme.name';

export const registryApi = {
  /** Every instrument, interface node and virtual device of the project, with its scheme's id and name. */
  deviceChoices: async (): Promise<DeviceChoice[]> => {
    const lists = await Promise.all(
      Object.entries(ENTITY_PATHS).map(async ([type, path]) =>
        (
          await listAll<Omit<DeviceChoice, 'monitored_entity_type'>>(`${API.registry}/${path}`, {
            query: { fields: CHOICE_FIELDS },
          })
        ).map((device) => ({ ...device, monitored_entity_type: type as EntityTypeName })),
      ),
    );
    return lists.flat();
  },
  device: (type: EntityTypeName, id: string, fields?: string) =>
    api.get<Partial<DeviceProfile>>(`${API.registry}/${ENTITY_PATHS[type]}/${id}`, { query: { fields }, quiet: true }),
};

export const deviceChoicesQuery = (projectId: string | null) =>
  queryOptions({
    queryKey: queryKeys.registry.deviceChoices(projectId),
    queryFn: registryApi.deviceChoices,
    staleTime: REGISTRY_STALE_MS,
  });

/** A device's limits: its effective metric limits and its scheme's invalid bounds. */
export const deviceLimitsQuery = (type: EntityTypeName, id: string) =>
  queryOptions({
    queryKey: [...queryKeys.registry.device(type, id), 'limits'],
    queryFn: () => registryApi.device(type, id, 'metric_limits,scheme.spec.invalid_bounds'),
    staleTime: REGISTRY_STALE_MS,
  });

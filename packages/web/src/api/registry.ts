import type { BasicGroup, DataPoint, DeviceProfile, SchemeObject } from '@vigil/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { batchById } from './batch-by-id.ts';
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

/** A device with its states, as dashboards list it. */
export type DeviceSummary = Pick<
  DeviceProfile,
  | 'id'
  | 'title'
  | 'eid'
  | 'monitored_entity_type'
  | 'safety_state'
  | 'safety_state_changed_at'
  | 'operational_state'
  | 'operational_state_changed_at'
  | 'connectivity_state'
  | 'maintenance_mode'
  | 'turned_off'
  | 'decommissioned'
  | 'latest_payload_read_at'
  | 'location'
> & { scheme: { id: string; name: string; type: string } | null };

/** Registry cache time of requirements#monitoring-states: 5 minutes. */
export const REGISTRY_STALE_MS = 300_000;
/** Device cards' cache time of requirements#monitoring-states: 2 minutes. */
export const DEVICE_CARD_STALE_MS = 120_000;
const SUMMARY_FIELDS = [
  'id',
  'title',
  'eid',
  'monitored_entity_type',
  'safety_state',
  'safety_state_changed_at',
  'operational_state',
  'operational_state_changed_at',
  'connectivity_state',
  'maintenance_mode',
  'turned_off',
  'decommissioned',
  'latest_payload_read_at',
  'location',
  'scheme.id',
  'scheme.name',
  'scheme.type',
].join(',');
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
  /** Every device of the project with its states. */
  deviceSummaries: async (): Promise<DeviceSummary[]> => {
    const lists = await Promise.all(
      Object.values(ENTITY_PATHS).map((path) =>
        listAll<DeviceSummary>(`${API.registry}/${path}`, { query: { fields: SUMMARY_FIELDS } }),
      ),
    );
    return lists.flat();
  },
  groups: () => listAll<BasicGroup>(`${API.registry}/basic-groups`),
  schemes: () => listAll<SchemeObject>(`${API.registry}/schemes`),
  /** Some entities' data points, sorted by title with numbers in numeric order (node 2 before node 10). */
  dataPoints: async (entityIds: readonly string[]) => {
    const points = await listAll<DataPoint>(`${API.registry}/data-points/`, {
      query: { monitored_entity_ids: entityIds.join(','), fields: 'id,title,identifier,monitored_entity_id' },
    });
    const collator = new Intl.Collator(undefined, { numeric: true });
    return points.sort((a, b) => collator.compare(a.title, b.title));
  },
  /** Some devices of any type by id, with only `fields` (ids are looked up in each type's list). */
  devicesById: async (entityIds: readonly string[], fields: string): Promise<Array<Partial<DeviceProfile>>> => {
    const lists = await Promise.all(
      Object.values(ENTITY_PATHS).map((path) =>
        listAll<Partial<DeviceProfile>>(`${API.registry}/${path}`, {
          query: { monitored_entity_ids: entityIds.join(','), fields },
          quiet: true,
        }),
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

const LIMIT_FIELDS = 'id,metric_limits,scheme.spec.invalid_bounds,scheme.spec.metrics';

/** The limits the cards of a page ask for, one list call per device type. */
const limitLoaders = Object.fromEntries(
  Object.entries(ENTITY_PATHS).map(([type, path]) => [
    type,
    batchById(
      (ids) =>
        listAll<Partial<DeviceProfile>>(`${API.registry}/${path}`, {
          query: { monitored_entity_ids: ids.join(','), fields: LIMIT_FIELDS },
          quiet: true,
        }),
      (device) => device.id,
    ),
  ]),
) as Record<EntityTypeName, ReturnType<typeof batchById<Partial<DeviceProfile>>>>;

/** A device's limits: its effective metric limits, its scheme's invalid bounds and metrics (their units). */
export const deviceLimitsQuery = (type: EntityTypeName, id: string) =>
  queryOptions({
    queryKey: [...queryKeys.registry.device(type, id), 'limits'],
    // A device deleted since the dashboard was saved has no limits to draw.
    queryFn: async () => (await limitLoaders[type].load(id))[0] ?? { id },
    staleTime: REGISTRY_STALE_MS,
  });

/**
 * Prefetches these devices' limits, those no query holds yet asked for at once (batchById.sendNow):
 * a page's prefetch puts this small call on the wire before its charts' data.
 */
export function prefetchDeviceLimits(
  queryClient: QueryClient,
  devices: ReadonlyArray<{ type: EntityTypeName; id: string }>,
) {
  const missing = devices.filter((d) => !queryClient.getQueryData(deviceLimitsQuery(d.type, d.id).queryKey));
  for (const type of Object.keys(ENTITY_PATHS) as EntityTypeName[])
    limitLoaders[type].sendNow(missing.filter((d) => d.type === type).map((d) => d.id));
  for (const d of devices) void queryClient.prefetchQuery(deviceLimitsQuery(d.type, d.id));
}

/** Every device with its states; the stream refreshes it when a state changes. */
export const deviceSummariesQuery = (projectId: string | null) =>
  queryOptions({
    queryKey: queryKeys.registry.deviceSummaries(projectId),
    queryFn: registryApi.deviceSummaries,
    staleTime: DEVICE_CARD_STALE_MS,
  });

export const groupsQuery = (projectId: string | null) =>
  queryOptions({
    queryKey: queryKeys.registry.groups(projectId),
    queryFn: registryApi.groups,
    staleTime: REGISTRY_STALE_MS,
  });

/** One device's whole profile (details card, entity dashboard, detail panel). */
export const deviceProfileQuery = (type: EntityTypeName, id: string) =>
  queryOptions({
    queryKey: [...queryKeys.registry.device(type, id), 'profile'],
    queryFn: () => registryApi.device(type, id) as Promise<DeviceProfile>,
    staleTime: DEVICE_CARD_STALE_MS,
  });

/** The project's schemes: metric labels, units and limits. */
export const schemesQuery = (projectId: string | null) =>
  queryOptions({
    queryKey: queryKeys.registry.schemes(projectId),
    queryFn: registryApi.schemes,
    staleTime: REGISTRY_STALE_MS,
  });

export const dataPointsQuery = (entityIds: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.registry.dataPoints(entityIds),
    queryFn: () => registryApi.dataPoints(entityIds),
    staleTime: REGISTRY_STALE_MS,
  });

/** Some devices by id with the fields asked for; none asked, none fetched. */
export const devicesByIdQuery = (entityIds: readonly string[], fields: string) =>
  queryOptions({
    queryKey: queryKeys.registry.devicesById(entityIds, fields),
    queryFn: () => registryApi.devicesById(entityIds, fields),
    staleTime: DEVICE_CARD_STALE_MS,
    enabled: entityIds.length > 0,
  });

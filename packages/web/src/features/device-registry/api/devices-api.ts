import { queryOptions } from '@tanstack/react-query';
import type { DataPoint, DataPointCreateBody, DeviceCreateBody, DevicePatchBody, DeviceProfile } from '@vigil/domain';
import { API, api, listAll, requestVersioned, type Versioned } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { ENTITY_PATHS, REGISTRY_STALE_MS, type EntityTypeName } from '../../../api/registry.ts';

/** A device as the registry's table shows it. */
export type RegisterRow = Pick<
  DeviceProfile,
  | 'id'
  | 'title'
  | 'eid'
  | 'monitored_entity_type'
  | 'safety_state'
  | 'operational_state'
  | 'connectivity_state'
  | 'maintenance_mode'
  | 'turned_off'
  | 'decommissioned'
  | 'labels'
  | 'contracted_sla_time'
  | 'location'
  | 'latest_payload_read_at'
  | 'updated_at'
> & {
  scheme: { id: string; name: string } | null;
  interface_node: { id: string; eid: string; title: string } | null;
};

const ROW_FIELDS = [
  'id',
  'title',
  'eid',
  'monitored_entity_type',
  'safety_state',
  'operational_state',
  'connectivity_state',
  'maintenance_mode',
  'turned_off',
  'decommissioned',
  'labels',
  'contracted_sla_time',
  'location',
  'latest_payload_read_at',
  'updated_at',
  'scheme.id',
  'scheme.name',
  'interface_node',
].join(',');

const path = (kind: EntityTypeName, id?: string) =>
  `${API.registry}/${ENTITY_PATHS[kind]}${id ? `/${encodeURIComponent(id)}` : ''}`;

/** The registry's device calls of the administration screens; each says its own failures (quiet). */
export const devicesApi = {
  /** Every device of a kind, through the list shape's pages. */
  rows: (kind: EntityTypeName) => listAll<RegisterRow>(path(kind), { query: { fields: ROW_FIELDS }, quiet: true }),
  /** One device with the version (ETag) an edit of it starts from. */
  get: (kind: EntityTypeName, id: string): Promise<Versioned<DeviceProfile>> =>
    requestVersioned<DeviceProfile>('GET', path(kind, id), { quiet: true }),
  create: (kind: EntityTypeName, body: DeviceCreateBody) => api.post<DeviceProfile>(path(kind), body, { quiet: true }),
  /** The changed fields, refused with 409 when someone saved the device since `etag` was read. */
  update: (kind: EntityTypeName, id: string, body: DevicePatchBody, etag: string | null) =>
    api.patch<DeviceProfile>(path(kind, id), body, {
      quiet: true,
      headers: etag ? { 'If-Match': etag } : undefined,
    }),
  decommission: (kind: EntityTypeName, id: string) =>
    api.post<DeviceProfile>(`${path(kind, id)}/decommission`, undefined, { quiet: true }),
  /** Refused with 409 (and where it is used) when readings, cards or cross sections use the device. */
  remove: (kind: EntityTypeName, id: string) => api.delete(path(kind, id), undefined, { quiet: true }),
  /** The ids of the devices of any kind whose EID is `eid` (EIDs are unique in the project). */
  idsWithEid: async (eid: string, signal?: AbortSignal) => {
    const lists = await Promise.all(
      Object.keys(ENTITY_PATHS).map((kind) =>
        api.get<{ objects: Array<{ id: string }> }>(path(kind as EntityTypeName), {
          query: { eid, fields: 'id', paginate_by: 5 },
          quiet: true,
          signal,
        }),
      ),
    );
    return lists.flatMap((list) => list.objects.map((o) => o.id));
  },
  dataPoints: (id: string) =>
    listAll<DataPoint>(`${API.registry}/data-points/`, { query: { monitored_entity_ids: id }, quiet: true }),
  addDataPoint: (body: DataPointCreateBody) =>
    api.post<DataPoint>(`${API.registry}/data-points/`, body, { quiet: true }),
  removeDataPoint: (id: string) =>
    api.delete(`${API.registry}/data-points/${encodeURIComponent(id)}`, undefined, { quiet: true }),
};

/** The table's rows of one kind; a change anywhere in the registry refreshes them. */
export const registerRowsQuery = (projectId: string, kind: EntityTypeName) =>
  queryOptions({
    queryKey: queryKeys.registry.registerRows(projectId, kind),
    queryFn: () => devicesApi.rows(kind),
    staleTime: REGISTRY_STALE_MS,
  });

/**
 * A device as its form edits it: fetched afresh for each form, then kept as it was read (no
 * refetch on focus), since its ETag is the version the edit started from.
 */
export const editableDeviceQuery = (kind: EntityTypeName, id: string) =>
  queryOptions({
    queryKey: queryKeys.registry.editable(kind, id),
    queryFn: () => devicesApi.get(kind, id),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const deviceDataPointsQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.registry.dataPoints([id]), 'all'],
    queryFn: () => devicesApi.dataPoints(id),
  });

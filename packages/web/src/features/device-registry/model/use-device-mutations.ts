import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceCreateBody, DevicePatchBody } from '@vigil/domain';
import type { EntityTypeName } from '../../../api/registry.ts';
import { devicesApi } from '../api/devices-api.ts';

/**
 * Every registry query but the open form's own read: a device's change shows in tables, dashboards,
 * maps and searches alike, while the form keeps what is typed in it (and its version) until the
 * user reloads it.
 */
const REGISTRY = {
  queryKey: ['registry'],
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey.at(-1) !== 'editable',
};

/** Saves a device: creates it, or patches the changed fields against the version the form read. */
export function useSaveDevice(kind: EntityTypeName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      id: string | null;
      body: DeviceCreateBody;
      patch: DevicePatchBody;
      etag: string | null;
      decommission: boolean;
    }) => {
      const saved = input.id
        ? Object.keys(input.patch).length
          ? await devicesApi.update(kind, input.id, input.patch, input.etag)
          : null
        : await devicesApi.create(kind, input.body);
      const id = saved?.id ?? input.id!;
      if (input.decommission) await devicesApi.decommission(kind, id);
      return id;
    },
    onSettled: () => client.invalidateQueries(REGISTRY),
  });
}

export function useDeleteDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: EntityTypeName; id: string }) => devicesApi.remove(kind, id),
    onSuccess: () => client.invalidateQueries(REGISTRY),
  });
}

export function useDecommissionDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: EntityTypeName; id: string }) => devicesApi.decommission(kind, id),
    onSuccess: () => client.invalidateQueries(REGISTRY),
  });
}

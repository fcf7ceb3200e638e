import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BasicGroup, BasicGroupCreateBody, BasicGroupPatchBody } from '@vigil/domain';
import { API, api } from '../../../api/client.ts';

const GROUPS = `${API.registry}/basic-groups`;

export const groupsApi = {
  create: (body: Partial<BasicGroupCreateBody> & { title: string }) =>
    api.post<BasicGroup>(GROUPS, body, { quiet: true }),
  update: (id: string, body: BasicGroupPatchBody) =>
    api.patch<BasicGroup>(`${GROUPS}/${encodeURIComponent(id)}`, body, { quiet: true }),
  remove: (id: string) => api.delete(`${GROUPS}/${encodeURIComponent(id)}`, undefined, { quiet: true }),
};

/** Creates a group (id null) or saves its title and devices; dashboards and maps see the change at once. */
export function useSaveGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title, devices }: { id: string | null; title: string; devices: string[] }) =>
      id
        ? groupsApi.update(id, { title, device_profiles: devices })
        : groupsApi.create({ title, device_profiles: devices }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['registry'] }),
  });
}

export function useDeleteGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: groupsApi.remove,
    onSuccess: () => client.invalidateQueries({ queryKey: ['registry'] }),
  });
}

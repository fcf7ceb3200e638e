import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionGroup, RoleObject, RolePatchBody } from '@vigil/domain';
import { API, api, listAll } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

const rolePath = (projectId: string, roleId: string) =>
  `${API.ui}/projects/${projectId}/roles/${encodeURIComponent(roleId)}`;

/** Every permission group; they are shared by all projects. */
export const permissionGroupsQuery = () =>
  queryOptions({
    queryKey: queryKeys.auth.permissionGroups(),
    queryFn: () => listAll<PermissionGroup>(`${API.auth}/permission-groups`),
    staleTime: 5 * 60_000,
  });

/**
 * Changes a role of the current project (administrators): the fields sent replace the stored ones.
 * Quiet: the screens report failures themselves.
 */
export function useUpdateRole() {
  const { project } = useSession();
  const queryClient = useQueryClient();
  const key = queryKeys.ui.roles(project.id);
  return useMutation({
    mutationFn: ({ roleId, changes }: { roleId: string; changes: RolePatchBody }) =>
      api.patch<RoleObject>(rolePath(project.id, roleId), changes, { quiet: true }),
    onSuccess: (role) =>
      queryClient.setQueryData<RoleObject[]>(key, (roles) => roles?.map((r) => (r.id === role.id ? role : r))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

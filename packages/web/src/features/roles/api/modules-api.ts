import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModuleObject, ModulePatchBody } from '@vigil/domain';
import { API, api, listAll } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

/** Every module of the session's project with the roles attached to it, in menu order (administrators). */
export const allModulesQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.ui.allModules(projectId),
    queryFn: () => listAll<ModuleObject>(`${API.ui}/modules`, { query: { all: 'true' } }),
  });

/**
 * Sets the roles of a module. The server refuses to take the caller's own role off a module he has
 * (400 OWN_MODULE_REMOVAL); the screens show that refusal themselves, hence quiet.
 */
export function useSetModuleRoles() {
  const { project } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, roles }: { moduleId: string; roles: string[] }) =>
      api.patch<ModuleObject>(
        `${API.ui}/modules/${encodeURIComponent(moduleId)}`,
        { roles } satisfies ModulePatchBody,
        {
          quiet: true,
        },
      ),
    onSuccess: (module) =>
      queryClient.setQueryData<ModuleObject[]>(queryKeys.ui.allModules(project.id), (modules) =>
        modules?.map((m) => (m.id === module.id ? module : m)),
      ),
    // The signed-in user's own module list (the menu) is under the same prefix and follows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ui.modules(project.id) }),
  });
}

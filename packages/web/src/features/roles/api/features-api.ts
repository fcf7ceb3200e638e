import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectFeatures, RoleFeaturesPatchBody } from '@vigil/domain';
import { API, api } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

/** The project's features per module folder and the roles holding each role-scoped one (administrators). */
export const projectFeaturesQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.ui.projectFeatures(projectId),
    queryFn: () => api.get<ProjectFeatures>(`${API.ui}/projects/${projectId}/features`),
  });

/** Gives each feature named exactly the roles listed; the other features keep theirs. */
export function useSetRoleFeatures() {
  const { project } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleFeaturesPatchBody) =>
      api.patch<ProjectFeatures>(`${API.ui}/projects/${project.id}/role-features`, change, { quiet: true }),
    onSuccess: (features) => queryClient.setQueryData(queryKeys.ui.projectFeatures(project.id), features),
    // The project's attrs.roleFeatures travel with the project list the session reads.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.ui.projectFeatures(project.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ui.projects() }),
      ]),
  });
}

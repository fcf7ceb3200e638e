import type { StateType } from '@vigil/domain';
import type { QueryClient } from '@tanstack/react-query';
import { deviceSummariesQuery, groupsQuery, schemesQuery } from '../../../api/registry.ts';
import { moduleDataQuery, modulesQuery } from '../../../api/ui.ts';

/**
 * The first of a dashboard page's calls, which wait for no code: its tree (once the session's modules
 * are known), the devices, groups and schemes every card reads. Called from the route's loader in
 * the entry, so that the tree is asked for before the chunk that reads it (zod, the charts' requests)
 * has come; that chunk's `prefetchDashboard` then finds it asked for. Answers the tree's answer.
 */
export async function prefetchDashboardTree(queryClient: QueryClient, projectId: string, stateType: StateType) {
  const modules = await queryClient.ensureQueryData(modulesQuery(projectId));
  const module = modules.find((m) => m.path === stateType);
  void queryClient.prefetchQuery(deviceSummariesQuery(projectId));
  void queryClient.prefetchQuery(groupsQuery(projectId));
  void queryClient.prefetchQuery(schemesQuery(projectId));
  return module && queryClient.ensureQueryData(moduleDataQuery(projectId, module.id));
}

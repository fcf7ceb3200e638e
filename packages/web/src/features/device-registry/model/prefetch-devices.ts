import type { QueryClient } from '@tanstack/react-query';
import { ENTITY_PATHS, groupsQuery, schemesQuery, type EntityTypeName } from '../../../api/registry.ts';
import { registerRowsQuery } from '../api/devices-api.ts';

/**
 * Starts fetching what the devices table shows as soon as its route matches, alongside the session's
 * start and the page's chunk rather than after the shell has rendered (issue 31: 2,000 rows in a
 * second): the tab's rows, the groups and the schemes. Failures are left to the page's own queries.
 */
export function prefetchDevices(queryClient: QueryClient, projectId: string | null | undefined, tab: string | null) {
  if (!projectId) return;
  const kind = tab && tab in ENTITY_PATHS ? (tab as EntityTypeName) : 'instrument';
  void queryClient.prefetchQuery(registerRowsQuery(projectId, kind));
  void queryClient.prefetchQuery(groupsQuery(projectId));
  void queryClient.prefetchQuery(schemesQuery(projectId));
}

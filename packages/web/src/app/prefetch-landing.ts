import { STATE_TYPES } from '@vigil/domain';
import { sessionStore } from '../api/session-store.ts';
import { prefetchDashboardTree } from '../features/dashboards/model/prefetch-dashboard-tree.ts';
import { modulesQuery } from '../api/ui.ts';
import { defaultLanding } from './landing.ts';
import { queryClient } from './query-client.ts';

/**
 * /gohome (where sign-in leads): as soon as the session's modules are known, the landing dashboard's
 * data is asked for, before the shell renders and asks for its own files. On a field link the page's
 * tree then gets one of the browser's six connections first. Failures are left to the page.
 */
export async function prefetchLanding() {
  const projectId = sessionStore.get()?.projectId;
  if (!projectId) return;
  const modules = await queryClient.ensureQueryData(modulesQuery(projectId));
  const folders = new Set(modules.map((m) => m.folder));
  const landing = defaultLanding((folder) => folders.has(folder));
  const stateType = STATE_TYPES.find((type) => landing === `/${type}/root`);
  if (!stateType) return;
  void prefetchDashboardTree(queryClient, projectId, stateType).catch(() => undefined);
  const { prefetchDashboard } = await import('../features/dashboards/model/prefetch-dashboard.ts');
  prefetchDashboard(queryClient, projectId, stateType, 'root');
}

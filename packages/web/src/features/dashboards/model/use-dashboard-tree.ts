import { ROOT_PAGE, type DashboardTree, type StateType } from '@vigil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys.ts';
import { moduleDataQuery, uiApi } from '../../../api/ui.ts';
import { useSession } from '../../../session/session-context.ts';
import { parseTree } from './parse-tree.ts';

/** Roles that edit dashboards; operators view them (ADR 0020). */
const EDITOR_ROLES = ['Administrator', 'Manager'];

/**
 * One state type's dashboards: the tree stored as the project's module data, with the version
 * (timestamp) an edit starts from. A project that never saved any has one empty root page.
 */
export function useDashboardTree(stateType: StateType) {
  const { t } = useTranslation('dashboards');
  const { project, modules, activeRole } = useSession();
  const moduleId = modules.find((m) => m.path === stateType)?.id ?? '';
  const query = useQuery({ ...moduleDataQuery(project.id, moduleId), enabled: Boolean(moduleId) });
  const tree: DashboardTree | undefined = query.data
    ? (parseTree(query.data.data) ?? {
        version: 1,
        pages: [{ path: ROOT_PAGE, title: t('page.rootTitle'), cards: [] }],
      })
    : undefined;
  return {
    query,
    tree,
    moduleId,
    version: query.data?.timestamp ?? null,
    canEdit: EDITOR_ROLES.includes(activeRole.name),
  };
}

/** Saves a whole tree on the version it was edited from; a 409 means someone else saved meanwhile. */
export function useSaveDashboardTree(moduleId: string) {
  const { project, user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tree, version }: { tree: DashboardTree; version: string | null }) =>
      uiApi.saveModuleData(project.id, moduleId, { user: user.id, timestamp: version, data: tree }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.ui.moduleData(project.id, moduleId), saved),
  });
}

import type { DashboardCard, DashboardTree } from '@vigil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../app/session-context.ts';
import { useSaveDashboardTree } from '../model/use-dashboard-tree.ts';
import { withPageCards } from '../model/tree-edits.ts';

/**
 * Editing one page: a draft of its cards, saved as a whole tree on the version it was read at. When
 * someone else saved meanwhile (409) nothing is overwritten: the editor says so and offers a reload.
 */
export function usePageEditing(
  tree: DashboardTree | undefined,
  version: string | null,
  moduleId: string,
  path: string,
) {
  const { t } = useTranslation('dashboards');
  const { enqueueSnackbar } = useSnackbar();
  const { project } = useSession();
  const queryClient = useQueryClient();
  const save = useSaveDashboardTree(moduleId);
  const [draft, setDraft] = useState<DashboardCard[] | null>(null);
  const [conflict, setConflict] = useState(false);

  /** Saves a changed tree; true when it was saved. */
  const saveTree = async (next: DashboardTree) => {
    try {
      await save.mutateAsync({ tree: next, version });
      enqueueSnackbar(t('editor.saved'), { variant: 'success' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else
        enqueueSnackbar(t('editor.saveFailed', { message: error instanceof Error ? error.message : '' }), {
          variant: 'error',
        });
      return false;
    }
  };

  return {
    draft,
    conflict,
    saving: save.isPending,
    start: () => setDraft(tree?.pages.find((p) => p.path === path)?.cards ?? []),
    change: setDraft,
    cancel: () => setDraft(null),
    saveTree,
    async saveDraft() {
      if (!tree || !draft) return;
      if (await saveTree(withPageCards(tree, path, draft))) setDraft(null);
    },
    /** Drops the draft and reads what the other editor saved. */
    async reload() {
      setDraft(null);
      setConflict(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.ui.moduleData(project.id, moduleId) });
    },
  };
}

import type { DashboardCard, DashboardTree } from '@vigil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { moduleDataQuery } from '../../../api/ui.ts';
import { useSession } from '../../../session/session-context.ts';
import { parseTree } from '../model/parse-tree.ts';
import { useSaveDashboardTree } from '../model/use-dashboard-tree.ts';
import { untouched, withPageCards } from '../model/tree-edits.ts';

/** A change to the tree, and the pages it rewrites (kept only if nobody else changed them meanwhile). */
export interface TreeEdit {
  apply(tree: DashboardTree): DashboardTree;
  pages: readonly string[];
}

/**
 * Editing one page: a draft of its cards, saved as a whole tree on the version it was read at. When
 * someone else saved meanwhile (409), the edit is applied again to their version if they changed none
 * of the pages it rewrites; otherwise nothing is overwritten: the editor says so and offers a reload.
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

  const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
  const saveOn = async (base: DashboardTree, baseVersion: string | null, edit: TreeEdit) => {
    try {
      return await save.mutateAsync({ tree: edit.apply(base), version: baseVersion });
    } catch (error) {
      if (!isConflict(error)) throw error;
      const latest = await queryClient.fetchQuery({ ...moduleDataQuery(project.id, moduleId), staleTime: 0 });
      const theirs = parseTree(latest.data);
      if (!theirs || !untouched(base, theirs, edit.pages)) throw error;
      return save.mutateAsync({ tree: edit.apply(theirs), version: latest.timestamp });
    }
  };

  /** Saves an edit of the tree; true when it was saved. */
  const saveEdit = async (edit: TreeEdit) => {
    if (!tree) return false;
    try {
      await saveOn(tree, version, edit);
      enqueueSnackbar(t('editor.saved'), { variant: 'success' });
      return true;
    } catch (error) {
      if (isConflict(error)) setConflict(true);
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
    saveEdit,
    async saveDraft() {
      if (!draft) return;
      if (await saveEdit({ apply: (base) => withPageCards(base, path, draft), pages: [path] })) setDraft(null);
    },
    /** Drops the draft and reads what the other editor saved. */
    async reload() {
      setDraft(null);
      setConflict(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.ui.moduleData(project.id, moduleId) });
    },
  };
}

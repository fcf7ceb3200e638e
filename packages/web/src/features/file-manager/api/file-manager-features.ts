import { queryOptions, useQuery } from '@tanstack/react-query';
import { MODULE_FOLDERS, type ActiveFeature, type FileManagerFeature } from '@vigil/domain';
import { API, api } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

/** A module's features as the caller's active role has them (requirements#roles-permissions). */
export const moduleFeaturesQuery = (projectId: string, moduleId: string) =>
  queryOptions({
    queryKey: queryKeys.ui.moduleFeatures(projectId, moduleId),
    queryFn: () =>
      api.get<ActiveFeature[]>(`${API.ui}/modules/${encodeURIComponent(moduleId)}/features`, { quiet: true }),
  });

export type FileManagerAllowed = Record<FileManagerFeature, boolean>;

/**
 * What the file manager offers the caller: the media service refuses upload, delete and tag to a
 * role the project does not give them (ADR 0025), so they are not offered either. Nothing is offered
 * until the features are known; a feature the project does not configure is everyone's, and if they
 * cannot be read the service decides alone.
 */
export function useFileManagerAllowed(): FileManagerAllowed {
  const { project, modules } = useSession();
  const module = modules.find((m) => m.folder === MODULE_FOLDERS['file-manager']);
  const query = useQuery({ ...moduleFeaturesQuery(project.id, module?.id ?? ''), enabled: Boolean(module) });
  const known = query.data ?? (query.isError || !module ? [] : undefined);
  const can = (name: FileManagerFeature) => !!known && (known.find((f) => f.name === name)?.active ?? true);
  return { upload: can('upload'), delete: can('delete'), tag: can('tag') };
}

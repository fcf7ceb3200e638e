import { queryOptions } from '@tanstack/react-query';
import type { ListBody, LoggerImport } from '@vigil/domain';
import { API, api } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { isImportRunning } from '../model/import-progress.ts';

const IMPORTS = `${API.ingest}/imports`;

/** How often a running import's progress is asked for: twice a second, so that the bar moves. */
export const PROGRESS_POLL_MS = 500;

/** Logger file imports (requirements#site-contracts, ADR 0035): sent with their profile, imported in the background. */
export const importsApi = {
  /** Answers the import queued (202); the profile is sent before the file, as the server reads it. */
  upload: (file: File, profileId: string) => {
    const form = new FormData();
    form.append('profile', profileId);
    form.append('file', file, file.name);
    return api.post<LoggerImport>(IMPORTS, form, { quiet: true });
  },
  page: (page: number, pageSize: number) =>
    api.get<ListBody<LoggerImport>>(IMPORTS, {
      query: { ordering: '-created_at', paginate_by: pageSize, page: page + 1 },
      quiet: true,
    }),
  get: (id: string) => api.get<LoggerImport>(`${IMPORTS}/${encodeURIComponent(id)}`, { quiet: true }),
};

/** One import, asked for again while it is queued or running. */
export const importQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.ingest.import(projectId, id),
    queryFn: () => importsApi.get(id),
    refetchInterval: (query) => (!query.state.data || isImportRunning(query.state.data) ? PROGRESS_POLL_MS : false),
  });

/** A page (from 0) of the project's imports, newest first. */
export const importsPageQuery = (projectId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.ingest.importPage(projectId, page, pageSize),
    queryFn: () => importsApi.page(page, pageSize),
    // Imports in progress move their counts: the page follows them while any is running.
    refetchInterval: (query) => (query.state.data?.objects.some(isImportRunning) ? PROGRESS_POLL_MS : false),
  });

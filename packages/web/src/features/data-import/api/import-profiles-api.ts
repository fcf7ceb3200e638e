import { queryOptions } from '@tanstack/react-query';
import type { ImportProfile, ImportProfileCreateBody } from '@vigil/domain';
import { API, api, listAll } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const PROFILES = `${API.ingest}/import-profiles`;
const one = (id: string) => `${PROFILES}/${encodeURIComponent(id)}`;

/**
 * Import profiles (requirements#site-contracts): how a logger's file maps to devices; each screen says its own
 * failures.
 */
export const importProfilesApi = {
  list: () => listAll<ImportProfile>(PROFILES, { quiet: true }),
  create: (body: ImportProfileCreateBody) => api.post<ImportProfile>(PROFILES, body, { quiet: true }),
  /** A profile's fields as a whole: the form edits every one of them. */
  update: (id: string, body: ImportProfileCreateBody) => api.patch<ImportProfile>(one(id), body, { quiet: true }),
  remove: (id: string) => api.delete(one(id), undefined, { quiet: true }),
};

/** The project's profiles, by name. */
export const importProfilesQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.ingest.importProfiles(projectId),
    queryFn: importProfilesApi.list,
  });

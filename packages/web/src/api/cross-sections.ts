import type {
  CrossSection,
  CrossSectionCreateBody,
  CrossSectionHistoryItem,
  CrossSectionPatchBody,
} from '@vigil/domain';
import { queryOptions } from '@tanstack/react-query';
import { API, api, listAll } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Cross-section data is kept 5 minutes (requirements#monitoring-constants). */
export const CROSS_SECTION_STALE_MS = 300_000;

const sectionsPath = (projectId: string) => `${API.ui}/projects/${projectId}/cross-sections`;

/**
 * The cross-section calls (requirements#monitoring-calls, requirements#service-contracts): read by members, written by
 * administrators and managers.
 */
export const crossSectionsApi = {
  list: (projectId: string) => listAll<CrossSection>(`${sectionsPath(projectId)}/`),
  get: (projectId: string, id: string) =>
    api.get<CrossSection>(`${sectionsPath(projectId)}/${encodeURIComponent(id)}/`, { quiet: true }),
  /** Every field is optional: the server fills the defaults of requirements#monitoring-entities. */
  create: (projectId: string, body: CrossSectionCreateBody) =>
    api.post<CrossSection>(`${sectionsPath(projectId)}/`, body, { quiet: true }),
  /** Send only the fields that changed: the history records exactly those. */
  patch: (projectId: string, id: string, body: CrossSectionPatchBody) =>
    api.patch<CrossSection>(`${sectionsPath(projectId)}/${encodeURIComponent(id)}/`, body, { quiet: true }),
  remove: (projectId: string, id: string) =>
    api.delete(`${sectionsPath(projectId)}/${encodeURIComponent(id)}/`, undefined, { quiet: true }),
  history: (projectId: string, id: string) =>
    api.get<{ objects: CrossSectionHistoryItem[] }>(`${sectionsPath(projectId)}/${encodeURIComponent(id)}/history/`, {
      quiet: true,
    }),
};

export const crossSectionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.crossSections.list(projectId),
    queryFn: () => crossSectionsApi.list(projectId),
    staleTime: CROSS_SECTION_STALE_MS,
  });

export const crossSectionQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.crossSections.one(projectId, id),
    queryFn: () => crossSectionsApi.get(projectId, id),
    staleTime: CROSS_SECTION_STALE_MS,
    retry: false,
  });

export const crossSectionHistoryQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.crossSections.history(projectId, id),
    queryFn: async () => (await crossSectionsApi.history(projectId, id)).objects,
  });

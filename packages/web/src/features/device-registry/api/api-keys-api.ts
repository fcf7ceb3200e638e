import { queryOptions } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated } from '@vigil/domain';
import { API, api, listAll } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const KEYS = `${API.auth}/api-keys`;

/**
 * Ingest keys of the project (requirements#site-contracts, administrators); the key itself is in the creation's answer
 * only.
 */
export const apiKeysApi = {
  list: () => listAll<ApiKey>(KEYS, { query: { ordering: '-created_at' }, quiet: true }),
  create: (body: ApiKeyCreateBody) => api.post<ApiKeyCreated>(KEYS, body, { quiet: true }),
  revoke: (id: string) => api.delete(`${KEYS}/${encodeURIComponent(id)}`, undefined, { quiet: true }),
};

export const apiKeysQuery = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.auth.apiKeys(projectId), queryFn: apiKeysApi.list });

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  SchemeCreateBody,
  SchemeObject,
  SchemePatchBody,
  SchemePreviewAnswer,
  SchemePreviewBody,
  SchemeUsage,
} from '@vigil/domain';
import { API, api } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const SCHEMES = `${API.registry}/schemes`;
const one = (id: string) => `${SCHEMES}/${encodeURIComponent(id)}`;

export const schemesApi = {
  get: (id: string) => api.get<SchemeObject>(one(id), { quiet: true }),
  create: (body: SchemeCreateBody) => api.post<SchemeObject>(SCHEMES, body, { quiet: true }),
  update: (id: string, body: SchemePatchBody) => api.patch<SchemeObject>(one(id), body, { quiet: true }),
  usage: (id: string) => api.get<SchemeUsage>(`${one(id)}/usage`, { quiet: true }),
  /** The edited spec's calculated metrics on a device's latest readings, nothing saved. */
  preview: (body: SchemePreviewBody, signal?: AbortSignal) =>
    api.post<SchemePreviewAnswer>(`${SCHEMES}/preview`, body, { quiet: true, signal }),
};

export const schemeQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.registry.scheme(id), queryFn: () => schemesApi.get(id) });

/** How many devices a change of the scheme affects. */
export const schemeUsageQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.registry.schemeUsage(id), queryFn: () => schemesApi.usage(id) });

export function useSaveScheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SchemeCreateBody }) =>
      id ? schemesApi.update(id, body) : schemesApi.create(body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['registry'] }),
  });
}

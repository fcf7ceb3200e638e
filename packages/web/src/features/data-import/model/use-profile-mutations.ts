import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportProfileCreateBody } from '@vigil/domain';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';
import { importProfilesApi } from '../api/import-profiles-api.ts';

/** Saves a profile: creates it, or writes its fields over the saved ones. */
export function useSaveProfile() {
  const client = useQueryClient();
  const { project } = useSession();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ImportProfileCreateBody }) =>
      id ? importProfilesApi.update(id, body) : importProfilesApi.create(body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.ingest.importProfiles(project.id) }),
  });
}

export function useDeleteProfile() {
  const client = useQueryClient();
  const { project } = useSession();
  return useMutation({
    mutationFn: (id: string) => importProfilesApi.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ingest.importProfiles(project.id) }),
  });
}

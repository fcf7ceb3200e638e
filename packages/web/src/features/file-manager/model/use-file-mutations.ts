import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaFile, MediaFilePatchBody } from '@vigil/domain';
import { mediaApi } from '../../../api/media.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

/** Rename, tags and delete of library files; the library follows at once and is read again after. */
export function useFileMutations() {
  const { project } = useSession();
  const queryClient = useQueryClient();
  const key = queryKeys.media.files(project.id);
  const change = (edit: (files: MediaFile[]) => MediaFile[]) =>
    queryClient.setQueryData<MediaFile[]>(key, (files) => files && edit(files));
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: MediaFilePatchBody }) => mediaApi.patch(id, body),
    onSuccess: (saved) => change((files) => files.map((f) => (f.id === saved.id ? { ...f, ...saved } : f))),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (file: MediaFile) => mediaApi.remove(file.id),
    onSuccess: (_, removed) => change((files) => files.filter((f) => f.id !== removed.id)),
    onSettled: refresh,
  });
  return { update, remove };
}

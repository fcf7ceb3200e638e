import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  JournalCreateBody,
  JournalEntryCreateBody,
  JournalEntryPatchBody,
  ManualReadingCorrectionBody,
} from '@vigil/domain';
import { journalApi } from '../../../api/journal.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

/** Every change of the journal manager; each refreshes the project's journal data (and readings, for a correction). */
export function useJournalMutations() {
  const { project } = useSession();
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.journal.all(project.id) });
  return {
    createJournal: useMutation({ mutationFn: (body: JournalCreateBody) => journalApi.createJournal(body), onSettled }),
    renameJournal: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Partial<JournalCreateBody> }) => journalApi.patchJournal(id, body),
      onSettled,
    }),
    deleteJournal: useMutation({ mutationFn: (id: string) => journalApi.deleteJournal(id), onSettled }),
    createEntry: useMutation({ mutationFn: (body: JournalEntryCreateBody) => journalApi.createEntry(body), onSettled }),
    patchEntry: useMutation({
      mutationFn: ({ id, body }: { id: string; body: JournalEntryPatchBody }) => journalApi.patchEntry(id, body),
      onSettled,
    }),
    deleteEntry: useMutation({ mutationFn: (id: string) => journalApi.deleteEntry(id), onSettled }),
    correctReading: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ManualReadingCorrectionBody }) =>
        journalApi.correctReading(id, body),
      onSettled: async () => {
        await onSettled();
        await queryClient.invalidateQueries({ queryKey: ['metrics'] });
      },
    }),
  };
}

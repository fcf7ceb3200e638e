import { isCurator } from '@vigil/domain';
import { useSession } from '../../../session/session-context.ts';

/**
 * Who may do what in the journal (ADR 0006, 0027): everyone writes entries and manual readings;
 * their authors, administrators and managers change them; only administrators and managers make,
 * rename and delete journals.
 */
export function useJournalAccess() {
  const { activeRole, user } = useSession();
  const curator = isCurator(activeRole.name);
  return {
    manageJournals: curator,
    canChange: (author: string | null) => curator || (author !== null && author === user.username),
  };
}

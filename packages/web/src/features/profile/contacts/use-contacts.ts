import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuietHours } from '@vigil/domain';
import { callOutApi, contactsQuery } from '../../../api/call-out.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

/**
 * The signed-in user's own contacts, oldest first, and the calls that change them; each change
 * refreshes the list. Administrators are answered everyone's contacts: the profile shows only theirs.
 */
export function useContacts() {
  const { user } = useSession();
  const client = useQueryClient();
  const list = useQuery({
    ...contactsQuery(user.id),
    select: (all) => all.filter((c) => c.user_id === user.id),
  });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.callOut.contacts(user.id) });
  return {
    list,
    add: useMutation({ mutationFn: callOutApi.addContact, onSuccess: refresh }),
    verify: useMutation({
      mutationFn: ({ id, code }: { id: string; code: string }) => callOutApi.verifyContact(id, code),
      onSuccess: refresh,
    }),
    sendCode: useMutation({ mutationFn: callOutApi.sendCode }),
    setQuietHours: useMutation({
      mutationFn: ({ id, quietHours }: { id: string; quietHours: QuietHours | null }) =>
        callOutApi.setQuietHours(id, quietHours),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: callOutApi.removeContact, onSuccess: refresh }),
  };
}

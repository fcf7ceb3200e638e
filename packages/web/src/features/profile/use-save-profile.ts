import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useSession } from '../../session/session-context.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { saveProfileChanges } from './profile-api.ts';
import type { ProfileChanges } from './profile-form-values.ts';

/**
 * Saves the profile's changes, then switches the interface language at once. The user and profile
 * queries are refreshed whatever happens: a save may fail half-way (the name saved, the language not).
 */
export function useSaveProfile() {
  const { user, project } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => saveProfileChanges(user.id, project.id, changes),
    onSuccess: async (_, changes) => {
      if (changes.locale) await changeLocale(changes.locale);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.user(user.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ui.profile(project.id, user.id) }),
      ]),
  });
}

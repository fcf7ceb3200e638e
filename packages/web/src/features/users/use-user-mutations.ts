import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteResponse, User } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys.ts';
import { useSession } from '../../session/session-context.ts';
import { createBody, editChanges, type CreateUserValues, type EditUserValues } from './user-form-values.ts';
import { translateMessage } from './user-messages.ts';
import { usersApi } from './users-api.ts';
import { displayNameOf } from './users-table-model.ts';

/** Refreshes the users list, and the user's own queries when he is the one who changed. */
function useRefresh() {
  const queryClient = useQueryClient();
  const { project } = useSession();
  return (userId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.auth.users(project.id) }),
      ...(userId
        ? [
            queryClient.invalidateQueries({ queryKey: queryKeys.auth.user(userId) }),
            queryClient.invalidateQueries({ queryKey: queryKeys.ui.profile(project.id, userId) }),
          ]
        : []),
    ]);
}

export interface CreateResult {
  user: User;
  /** the invitation, when one was asked for and sent */
  invite?: InviteResponse;
  /** an invitation was asked for but failed; the user exists all the same */
  inviteFailed?: boolean;
}

/** Creates a user, then sends the invitation if asked for; a failed invitation does not undo the user. */
export function useCreateUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (values: CreateUserValues): Promise<CreateResult> => {
      const user = await usersApi.create(createBody(values));
      if (!values.invite) return { user };
      try {
        return { user, invite: await usersApi.invite(user.id) };
      } catch {
        return { user, inviteFailed: true };
      }
    },
    onSettled: () => refresh(),
  });
}

/** Saves an edit: the account fields on the auth user, the roles and responder type on the project profile. */
export function useUpdateUser() {
  const refresh = useRefresh();
  const { project } = useSession();
  return useMutation({
    mutationFn: async ({ user, values }: { user: User; values: EditUserValues }) => {
      const changes = editChanges(user, values);
      if (Object.keys(changes.user).length) await usersApi.update(user.id, changes.user);
      if (Object.keys(changes.profile).length) await usersApi.updateProfile(project.id, user.id, changes.profile);
    },
    // A save may fail half-way (the names saved, the roles not): refresh either way.
    onSettled: (_, __, { user }) => refresh(user.id),
  });
}

export type AccountAction = 'activate' | 'deactivate' | 'invite' | 'delete';

/** Activation, deactivation, invitation and deletion, each confirmed by a toast or explained by one. */
export function useAccountAction() {
  const { t } = useTranslation('users');
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ action, user }: { action: AccountAction; user: User }) => {
      if (action === 'invite') return usersApi.invite(user.id);
      if (action === 'delete') await usersApi.remove(user.id);
      else await usersApi[action](user.id);
      return undefined;
    },
    onSuccess: (_, { action, user }) => {
      if (action !== 'invite') {
        enqueueSnackbar(t(`done.${action}`, { name: displayNameOf(user) }), { variant: 'success' });
      }
    },
    onError: (error, { action, user }) => {
      const reason = (error instanceof Error && translateMessage(t, error.message)) || t('errors.unknown');
      enqueueSnackbar(t(`failed.${action}`, { name: displayNameOf(user), reason }), { variant: 'error' });
    },
    onSettled: (_, __, { action, user }) => refresh(action === 'delete' ? undefined : user.id),
  });
}

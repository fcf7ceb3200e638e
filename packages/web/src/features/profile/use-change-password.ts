import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.ts';
import { translateMessage } from './domain-message.ts';

/**
 * Changes the caller's password (requirements#shell-errors): a validation error shows each message of its details
 * as an error toast, any other failure the password-update-error toast.
 */
export function useChangePassword() {
  const { t } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => authApi.changePassword(body),
    onSuccess: () => enqueueSnackbar(t('password.changed'), { variant: 'success' }),
    onError: (error) => {
      const messages = error instanceof ApiError && error.isValidation ? Object.values(error.details ?? {}).flat() : [];
      if (messages.length === 0) messages.push(t('password.updateError'));
      for (const message of new Set(messages)) enqueueSnackbar(translateMessage(t, message), { variant: 'error' });
    },
  });
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';

/** Why a change failed, for a toast: the server's first field message or its message, else a generic one. */
export function useFailureMessage() {
  const { t } = useTranslation('roles');
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.isServerError) return t('errors.server');
        const detail = Object.values(error.details ?? {})[0]?.[0];
        return detail ?? error.message;
      }
      return error instanceof TypeError ? t('errors.network') : t('errors.unknown');
    },
    [t],
  );
}

import { Alert, AlertTitle, Box } from '@mui/material';
import { MESSAGES } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { serverFieldErrors, translateMessage } from './user-messages.ts';

/**
 * Why a save failed: a headline (for a new user "Failed to create a user.", requirements#shell-errors) and each of the
 * server's field details, by the field's name.
 */
export function SaveFailureAlert({ error, headline }: { error: unknown; headline: string }) {
  const { t } = useTranslation('users');
  const noRoles = error instanceof ApiError && error.message === MESSAGES.noRoles;
  const details = Object.entries(serverFieldErrors(t, error));
  return (
    <Alert severity="error" role="alert">
      <AlertTitle sx={{ mb: details.length ? 0.5 : 0 }}>
        {noRoles ? translateMessage(t, MESSAGES.noRoles) : headline}
      </AlertTitle>
      {details.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {details.map(([field, message]) => (
            <li key={field}>
              {t(`fields.${field}`, { defaultValue: field })}: {message}
            </li>
          ))}
        </Box>
      ) : (
        !noRoles && t('form.tryAgain')
      )}
    </Alert>
  );
}

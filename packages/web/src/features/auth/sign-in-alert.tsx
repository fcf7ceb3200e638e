import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SignInFailure } from './auth-messages.ts';
import type { LogoutReason } from './login-mode.ts';

interface Props {
  failure?: SignInFailure;
  reason?: LogoutReason;
  notice?: 'password-changed';
}

/** The one message above the sign-in form: why the last attempt failed, why the user was signed out, or news. */
export function SignInAlert({ failure, reason, notice }: Props) {
  const { t } = useTranslation('auth');
  if (failure) return <Alert severity="error">{t(`signInErrors.${failure}`)}</Alert>;
  if (reason) return <Alert severity="warning">{t(`logoutReasons.${reason}`)}</Alert>;
  if (notice) return <Alert severity="success">{t('reset.changed')}</Alert>;
  return null;
}

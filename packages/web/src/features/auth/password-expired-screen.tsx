import { Alert, Button, Stack } from '@mui/material';
import { MESSAGES } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from './auth-messages.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { ScreenHeading } from './screen-heading.tsx';

interface Props {
  username: string;
  /** details.reset_token[0] of the ExpiredPasswordError */
  resetToken: string;
  onChanged(password: string): void;
  onInvalidToken(): void;
  onBack(): void;
}

/** A sign-in refused because the password expired (or was never chosen): a new one is set right here. */
export function PasswordExpiredScreen({ username, resetToken, onChanged, onInvalidToken, onBack }: Props) {
  const { t } = useTranslation('auth');
  const messageOf = useDomainMessage();
  return (
    <Stack spacing={2.5}>
      <NewPasswordForm token={resetToken} onChanged={onChanged} onInvalidToken={onInvalidToken}>
        <ScreenHeading title={t('expired.title')} intro={t('expired.intro', { username })} />
        <Alert severity="warning">{messageOf(MESSAGES.expiredPassword)}</Alert>
      </NewPasswordForm>
      <Button type="button" variant="text" onClick={onBack} sx={{ alignSelf: 'center' }}>
        {t('backToSignIn')}
      </Button>
    </Stack>
  );
}

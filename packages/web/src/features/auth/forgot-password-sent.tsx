import { MarkEmailReadOutlined } from '@mui/icons-material';
import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ScreenHeading } from './screen-heading.tsx';

/** After a reset link was asked for: the same answer whether or not the address has an account. */
export function ForgotPasswordSent({ email, onBack }: { email: string; onBack(): void }) {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={2.5} role="status">
      <MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <ScreenHeading title={t('forgot.sentTitle')} intro={t('forgot.sent', { email })} focus />
      <Button variant="contained" size="large" fullWidth onClick={onBack}>
        {t('backToSignIn')}
      </Button>
    </Stack>
  );
}

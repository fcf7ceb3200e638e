import { LinkOff } from '@mui/icons-material';
import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ScreenHeading } from './screen-heading.tsx';

/** A reset or invitation link that is unknown, used or out of date: the way on is a new link. */
export function InvalidTokenScreen({ onRequestLink, onBack }: { onRequestLink(): void; onBack(): void }) {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={2.5}>
      <LinkOff color="error" sx={{ fontSize: 48 }} aria-hidden />
      <ScreenHeading title={t('invalidToken.title')} intro={t('invalidToken.message')} focus />
      <Button variant="contained" size="large" fullWidth onClick={onRequestLink}>
        {t('invalidToken.requestLink')}
      </Button>
      <Button variant="text" onClick={onBack} sx={{ alignSelf: 'center' }}>
        {t('backToSignIn')}
      </Button>
    </Stack>
  );
}

import { CircularProgress, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHeading } from './screen-heading.tsx';

/** How long "Password changed, logging in" stays before signing in, so that it can be read. */
export const LOGGING_IN_NOTICE_MS = 1000;

/** After a new password was set: the notice, then `onShown` (once) signs in with it (requirements#shell-states). */
export function LoggingInNotice({ onShown }: { onShown(): void }) {
  const { t } = useTranslation('auth');
  const latest = useRef(onShown);
  useEffect(() => {
    latest.current = onShown;
  });
  useEffect(() => {
    const timer = window.setTimeout(() => latest.current(), LOGGING_IN_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Stack role="status" spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
      <CircularProgress size={44} aria-hidden />
      <ScreenHeading title={t('loggingIn.title')} intro={t('loggingIn.message')} />
    </Stack>
  );
}

import { Box, LinearProgress } from '@mui/material';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** A thin bar along the bottom of the top bar while any call is under way. */
export function LoadingBar() {
  const { t } = useTranslation();
  const busy = useIsFetching() + useIsMutating() > 0;
  return (
    <Box sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 3 }}>
      {busy && <LinearProgress color="secondary" aria-label={t('loading')} sx={{ height: 3 }} />}
    </Box>
  );
}

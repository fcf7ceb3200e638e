import { Alert, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** What a part of the detail shows while its data loads or when it could not be loaded. */
export function LoadState({ error, lines = 3 }: { error?: boolean; lines?: number }) {
  const { t } = useTranslation('notifications');
  if (error)
    return (
      <Alert severity="warning" variant="outlined">
        {t('detail.loadError')}
      </Alert>
    );
  return (
    <Stack aria-label={t('detail.loading')} role="progressbar">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={`${90 - i * 15}%`} />
      ))}
    </Stack>
  );
}

import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The detail pane before a notification is chosen. */
export function NoSelection() {
  const { t } = useTranslation('notifications');
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 8, color: 'text.secondary' }}>
      <MarkEmailReadOutlined sx={{ fontSize: 44 }} />
      <Typography sx={{ fontWeight: 600 }}>{t('page.noSelection')}</Typography>
      <Typography variant="body2">{t('page.noSelectionHint')}</Typography>
    </Stack>
  );
}

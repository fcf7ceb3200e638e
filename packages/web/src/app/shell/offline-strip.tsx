import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../components/network/use-online.ts';

/** A strip under the top bar while the browser is offline. */
export function OfflineStrip() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return null;
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        py: 0.75,
        bgcolor: 'warning.dark',
        color: 'warning.contrastText',
      }}
    >
      <CloudOffOutlined fontSize="small" />
      <Typography variant="body2">{t('offline')}</Typography>
    </Box>
  );
}

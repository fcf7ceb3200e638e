import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { MEDIA_MAX_FILE_SIZE } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../model/format-size.ts';

/** What the page shows while files are dragged over it. */
export function DropOverlay() {
  const { t, i18n } = useTranslation('fileManager');
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        position: 'fixed',
        inset: 0,
        zIndex: theme.zIndex.modal,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        m: 1,
        border: 3,
        borderStyle: 'dashed',
        borderColor: 'primary.main',
        borderRadius: 2,
        bgcolor: alpha(theme.palette.background.paper, 0.9),
        pointerEvents: 'none',
      })}
    >
      <CloudUploadOutlined color="primary" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="p">
        {t('drop.title')}
      </Typography>
      <Typography color="text.secondary">
        {t('drop.hint', { size: formatSize(MEDIA_MAX_FILE_SIZE, i18n.resolvedLanguage) })}
      </Typography>
    </Box>
  );
}

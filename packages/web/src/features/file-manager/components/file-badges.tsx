import PublicOutlined from '@mui/icons-material/PublicOutlined';
import { Chip, Stack, Typography } from '@mui/material';
import { isPublicMedia, type MediaFile } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

/**
 * What a file's card or row says about it beyond its name: that anyone with its link may open it,
 * or that the service could not process it (so its picture and link will not come).
 */
export function FileBadges({ file }: { file: MediaFile }) {
  const { t } = useTranslation('fileManager');
  const shared = isPublicMedia(file.attrs);
  if (!shared && !file.processing_failed) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      {shared && (
        <Chip icon={<PublicOutlined />} label={t('file.public')} size="small" color="info" variant="outlined" />
      )}
      {file.processing_failed && (
        <Typography variant="caption" color="error" component="p">
          {t('file.processingFailed')}
        </Typography>
      )}
    </Stack>
  );
}

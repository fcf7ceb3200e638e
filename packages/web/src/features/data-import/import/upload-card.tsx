import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { Alert, AlertTitle, IconButton, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import type { Upload } from '../model/use-uploads.ts';
import { ImportProgress } from './import-progress.tsx';

/** One file sent: being sent, refused with the server's reason, or its import followed to its result. */
export function UploadCard({ upload, onDismiss }: { upload: Upload; onDismiss(): void }) {
  const { t } = useTranslation('dataImport');
  return (
    <Paper component="li" variant="outlined" aria-label={upload.fileName} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <DescriptionOutlined color="action" aria-hidden />
        <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {upload.fileName}
        </Typography>
        <IconButton size="small" onClick={onDismiss} aria-label={t('upload.dismiss', { file: upload.fileName })}>
          <CloseOutlined fontSize="small" />
        </IconButton>
      </Stack>
      {upload.error ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('upload.refused')}</AlertTitle>
          {refusalText(upload.error, t('upload.tryAgain'))}
        </Alert>
      ) : upload.importId ? (
        <ImportProgress importId={upload.importId} fileName={upload.fileName} />
      ) : (
        <>
          <LinearProgress aria-label={t('upload.sending', { file: upload.fileName })} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('upload.sendingHint')}
          </Typography>
        </>
      )}
    </Paper>
  );
}

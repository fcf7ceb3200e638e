import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
} from '@mui/material';
import type { ApiKeyCreated } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The new key, shown this once: Vigil keeps only its hash, so the dialog says to copy it now and
 * forgets it when closed.
 */
export function KeyCreatedDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose(): void }) {
  const { t } = useTranslation('deviceRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      enqueueSnackbar(t('keys.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('keys.copyFailed'), { variant: 'warning' });
    }
  };
  return (
    <Dialog open={Boolean(created)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('keys.createdTitle', { name: created?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('keys.onceWarning')}
        </Alert>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        >
          <Box
            component="code"
            aria-label={t('keys.keyLabel')}
            sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', fontSize: '0.95rem', overflowWrap: 'anywhere' }}
          >
            {created?.key}
          </Box>
          <Tooltip title={t('keys.copy')}>
            <IconButton onClick={() => void copy()} aria-label={t('keys.copy')}>
              <ContentCopyOutlined />
            </IconButton>
          </Tooltip>
        </Box>
        <DialogContentText sx={{ mt: 2 }}>{t('keys.usage')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('keys.copiedClose')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

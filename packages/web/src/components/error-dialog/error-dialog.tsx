import DownloadIcon from '@mui/icons-material/Download';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  alpha,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../snackbars/snackbars.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../export-dialog/download-blob.ts';
import { collectDiagnostics } from './diagnostics.ts';
import { errorReportFileName, renderErrorReport, type RaisedReport } from './error-report.ts';

interface ErrorDialogProps {
  report: RaisedReport | undefined;
  open: boolean;
  /** position in the queue, when more than one report waits */
  position: { index: number; total: number };
  onDismiss(): void;
}

/** The error or warning dialog: type, code, title and details; Dismiss, and Send to download a report. */
export function ErrorDialog({ report, open, position, onDismiss }: ErrorDialogProps) {
  const { t } = useTranslation('dialogs');
  const theme = useTheme();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const detailsId = useId();

  if (!report) return null;
  const color = report.type === 'warning' ? 'warning' : 'error';
  const Icon = report.type === 'warning' ? WarningAmberIcon : ErrorOutlineIcon;

  async function send(shown: RaisedReport) {
    setSending(true);
    try {
      const text = renderErrorReport(shown, await collectDiagnostics(queryClient));
      downloadBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), errorReportFileName(shown, shown.at));
      enqueueSnackbar(t('errorDialog.sent'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('errorDialog.sendFailed'), { variant: 'error' });
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onDismiss}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={detailsId}
    >
      <DialogTitle id={titleId} component="div" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', pb: 2 }}>
        <Box
          sx={{
            flex: 'none',
            display: 'grid',
            placeItems: 'center',
            width: 48,
            height: 48,
            borderRadius: '50%',
            color: `${color}.main`,
            bgcolor: alpha(theme.palette[color].main, 0.12),
          }}
        >
          <Icon aria-hidden />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color={`${color}.main`} sx={{ lineHeight: 1.6 }}>
            {t(`errorDialog.${report.type}`)}
          </Typography>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {report.title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={color}
              variant="outlined"
              label={t('errorDialog.code', { code: report.code })}
              sx={{ fontFamily: 'monospace' }}
            />
            {position.total > 1 && (
              <Typography variant="caption" color="text.secondary">
                {t('errorDialog.position', position)}
              </Typography>
            )}
          </Box>
        </Box>
      </DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {t('errorDialog.details')}
        </Typography>
        <Box
          id={detailsId}
          component="pre"
          sx={{
            m: 0,
            p: 1.5,
            maxHeight: 240,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.8125rem',
            bgcolor: 'action.hover',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {report.details || t('errorDialog.noDetails')}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('errorDialog.sendHint')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onDismiss}>{t('errorDialog.dismiss')}</Button>
        <Button
          variant="contained"
          color={color}
          disabled={sending}
          startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
          onClick={() => void send(report)}
        >
          {t('errorDialog.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

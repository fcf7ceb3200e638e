import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Alert, Box, Button, Card, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportSettings } from '../../../components/export-dialog/export-settings.ts';

// Loaded when a card is first exported: a page of cards opens without the dialog's code.
const ExportDialog = lazy(async () => ({
  default: (await import('../../../components/export-dialog/export-dialog.tsx')).ExportDialog,
}));

export interface CardFrameProps {
  title: string;
  subtitle?: ReactNode;
  /** what the export action writes; no action without it */
  exportSettings?: () => ExportSettings;
  loading?: boolean;
  error?: boolean;
  onRetry?(): void;
  /** shown instead of the body when there is nothing to show */
  empty?: string | null;
  /** extra controls before the export action */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every dashboard card: title, actions, and designed loading, error and empty states. */
export function CardFrame({
  title,
  subtitle,
  exportSettings,
  loading,
  error,
  onRetry,
  empty,
  actions,
  children,
}: CardFrameProps) {
  const { t } = useTranslation('dashboards');
  const [exporting, setExporting] = useState<ExportSettings | null>(null);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', position: 'relative', overflow: 'hidden' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1, pb: 0.5, minHeight: 40 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" variant="subtitle2" noWrap title={title} sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              // On a phone the header is narrow: the subtitle (a period, a zoomed range) wraps rather than vanishes.
              sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
        {exportSettings && !loading && !error && (
          <Tooltip title={t('card.export')}>
            <IconButton
              size="small"
              aria-label={t('card.exportNamed', { title })}
              onClick={() => setExporting(exportSettings())}
            >
              <FileDownloadOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {loading && <LinearProgress aria-label={t('card.loading')} sx={{ mx: 1.5 }} />}
      <Box sx={{ flex: 1, minHeight: 0, px: 1.5, pb: 1.5, pt: 0.5, display: 'flex', flexDirection: 'column' }}>
        {error ? (
          <Alert
            severity="error"
            action={
              onRetry && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  {t('card.retry')}
                </Button>
              )
            }
          >
            {t('card.loadError')}
          </Alert>
        ) : empty && !loading ? (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ letterSpacing: 1 }}>
              {empty}
            </Typography>
          </Box>
        ) : (
          children
        )}
      </Box>
      {exporting && (
        <Suspense fallback={null}>
          <ExportDialog open settings={exporting} onClose={() => setExporting(null)} />
        </Suspense>
      )}
    </Card>
  );
}

import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Skeleton,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { manualReadingHistoryQuery } from '../../api/journal.ts';
import { useSession } from '../../session/session-context.ts';
import { formatDisplayDate } from '../dates/display-date.ts';
import { manualHistoryRows, metricText, type DescribeMetric } from './manual-history.ts';

interface ManualReadingHistoryDialogProps {
  /** the manual reading whose history to show; null closes the dialog */
  readingId: string | null;
  /** what the reading is of, e.g. the device's title */
  subject?: string;
  describe?: DescribeMetric;
  onClose(): void;
}

/** Who entered a manual reading and when, and every correction since: the values it changed (old → new) and why. */
export function ManualReadingHistoryDialog({ readingId, subject, describe, onClose }: ManualReadingHistoryDialogProps) {
  const { t, i18n } = useTranslation('dataEntry');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { project } = useSession();
  const titleId = useId();
  const history = useQuery({ ...manualReadingHistoryQuery(project.id, readingId ?? ''), enabled: Boolean(readingId) });
  const rows = history.data ? manualHistoryRows(history.data.objects) : [];
  return (
    <Dialog open={Boolean(readingId)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {t('manual.history.title')}
        {subject && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {subject}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {history.isPending && <Skeleton variant="rounded" height={96} aria-label={t('manual.history.loading')} />}
        {history.isError && <Alert severity="error">{t('manual.history.failed')}</Alert>}
        {history.data && (
          <List disablePadding aria-label={t('manual.history.title')}>
            {rows.map((row) => (
              <ListItem key={row.id} disableGutters divider sx={{ display: 'block' }}>
                <Typography variant="subtitle2" component="p">
                  {t(`manual.history.${row.action}`, { user: row.user ?? t('manual.unknownUser') })}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  <time dateTime={row.at}>{formatDisplayDate(row.at, locale)}</time>
                </Typography>
                <Box sx={{ mt: 0.5 }}>
                  {row.values.map((v) => {
                    const now = metricText(v.key, v.value, describe, locale);
                    const before = v.previous === null ? null : metricText(v.key, v.previous, describe, locale);
                    return (
                      <Typography variant="body2" key={v.key}>
                        {before
                          ? t('manual.history.changed', { metric: now.label, old: before.value, new: now.value })
                          : t('manual.history.value', { metric: now.label, value: now.value })}
                      </Typography>
                    );
                  })}
                </Box>
                {row.reason && (
                  <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                    {t('manual.history.reason', { reason: row.reason })}
                  </Typography>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

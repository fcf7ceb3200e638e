import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
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
import type { JournalEntry } from '@vigil/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { entryHistoryQuery } from '../../../api/journal.ts';
import { useSession } from '../../../app/session-context.ts';
import { useDialogSubject } from '../../../components/dialogs/use-dialog-subject.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { historyRows, type HistoryNames } from '../model/entry-history.ts';

interface EntryHistoryDialogProps {
  entry: JournalEntry | null;
  names: Omit<HistoryNames, 'locale' | 'none'>;
  onClose(): void;
}

/** Every change to an entry, newest first: who, when, and each field changed with its old and new value. */
export function EntryHistoryDialog({ entry, names, onClose }: EntryHistoryDialogProps) {
  const { t } = useTranslation('journal');
  const titleId = useId();
  const shown = useDialogSubject(entry);
  return (
    <Dialog open={Boolean(entry)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {shown && <HistoryContent key={shown.key} entry={shown.subject} titleId={titleId} names={names} />}
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function HistoryContent({
  entry,
  titleId,
  names,
}: {
  entry: JournalEntry;
  titleId: string;
  names: EntryHistoryDialogProps['names'];
}) {
  const { t, i18n } = useTranslation('journal');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { project } = useSession();
  const history = useQuery(entryHistoryQuery(project.id, entry.id));
  const rows = history.data ? historyRows(history.data.objects, { ...names, locale, none: t('history.none') }) : [];
  return (
    <>
      <DialogTitle id={titleId}>
        {t('history.title')}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {entry.title}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {history.isPending && <Skeleton variant="rounded" height={120} aria-label={t('history.loading')} />}
        {history.isError && <Alert severity="error">{t('history.failed')}</Alert>}
        {history.data && (
          <List disablePadding aria-label={t('history.title')}>
            {rows.map((row) => (
              <ListItem key={row.id} disableGutters divider sx={{ display: 'block' }}>
                <Typography variant="subtitle2" component="p">
                  {t(`history.${row.action}`, { user: row.user ?? t('entry.unknownUser') })}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  <time dateTime={row.at}>{formatDisplayDate(row.at, locale)}</time>
                </Typography>
                {row.action === 'updated' && (
                  <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gap: 1 }}>
                    {row.texts.map((change) => (
                      <Box key={change.field}>
                        <Typography component="dt" variant="caption" sx={{ fontWeight: 600 }}>
                          {t(`fields.${change.field}`, { defaultValue: change.field })}
                        </Typography>
                        <Box
                          component="dd"
                          sx={{ m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}
                        >
                          <Typography
                            variant="body2"
                            color="text.secondary"
                            sx={{ textDecoration: 'line-through', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                          >
                            <Box component="span" sx={visuallyHidden}>
                              {t('history.old')}{' '}
                            </Box>
                            {change.old}
                          </Typography>
                          <ArrowForwardIcon fontSize="inherit" aria-hidden sx={{ alignSelf: 'center' }} />
                          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                            <Box component="span" sx={visuallyHidden}>
                              {t('history.new')}{' '}
                            </Box>
                            {change.new}
                          </Typography>
                        </Box>
                      </Box>
                    ))}
                  </Box>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
    </>
  );
}

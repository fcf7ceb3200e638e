import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { JournalEntry } from '@vigil/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { entryHistoryQuery } from '../../../api/journal.ts';
import { useSession } from '../../../app/session-context.ts';
import { useDialogSubject } from '../../../components/dialogs/use-dialog-subject.ts';
import { ChangeHistoryList } from '../../../components/history/change-history-list.tsx';
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
          <ChangeHistoryList
            label={t('history.title')}
            locale={locale}
            oldLabel={t('history.old')}
            newLabel={t('history.new')}
            rows={rows.map((row) => ({
              id: row.id,
              at: row.at,
              heading: t(`history.${row.action}`, { user: row.user ?? t('entry.unknownUser') }),
              changes:
                row.action === 'updated'
                  ? row.texts.map((change) => ({
                      ...change,
                      label: t(`fields.${change.field}`, { defaultValue: change.field }),
                    }))
                  : [],
            }))}
          />
        )}
      </DialogContent>
    </>
  );
}

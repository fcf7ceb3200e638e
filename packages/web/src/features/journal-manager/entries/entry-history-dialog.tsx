import { useQuery } from '@tanstack/react-query';
import type { JournalEntry } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { entryHistoryQuery } from '../../../api/journal.ts';
import { HistoryDialog, HistoryDialogContent } from '../../../components/history/history-dialog.tsx';
import { useSession } from '../../../session/session-context.ts';
import { historyRows, type HistoryNames } from '../model/entry-history.ts';

interface EntryHistoryDialogProps {
  entry: JournalEntry | null;
  names: Omit<HistoryNames, 'locale' | 'none'>;
  onClose(): void;
}

/** Every change to an entry, newest first: who, when, and each field changed with its old and new value. */
export function EntryHistoryDialog({ entry, names, onClose }: EntryHistoryDialogProps) {
  const { t } = useTranslation('journal');
  return (
    <HistoryDialog subject={entry} closeLabel={t('actions.close')} onClose={onClose}>
      {(shown, titleId) => <HistoryContent entry={shown} titleId={titleId} names={names} />}
    </HistoryDialog>
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
    <HistoryDialogContent
      titleId={titleId}
      name={entry.title}
      loading={history.isPending}
      failed={history.isError}
      locale={locale}
      texts={{
        title: t('history.title'),
        loading: t('history.loading'),
        failed: t('history.failed'),
        old: t('history.old'),
        new: t('history.new'),
      }}
      rows={
        history.data &&
        rows.map((row) => ({
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
        }))
      }
    />
  );
}

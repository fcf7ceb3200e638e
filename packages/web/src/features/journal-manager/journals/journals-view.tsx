import AddIcon from '@mui/icons-material/Add';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { Box, Button, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Journal } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { journalsQuery } from '../../../api/journal.ts';
import { useSession } from '../../../session/session-context.ts';
import { EntriesPanel } from '../entries/entries-panel.tsx';
import { useJournalAccess } from '../model/use-journal-access.ts';
import { useJournalMutations } from '../model/use-journal-mutations.ts';
import { JournalDialog, type JournalDialogSubject } from './journal-dialog.tsx';
import { JournalList } from './journal-list.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadFailedAlert } from '../../../components/load-failed-alert.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedMutation } from '../../../components/dialogs/use-confirmed-mutation.ts';

/** The journals tab: the project's journals, and the entries of the one chosen (`?journal=`). */
export function JournalsView() {
  const { t } = useTranslation('journal');
  const { project } = useSession();
  const access = useJournalAccess();
  const journals = useQuery(journalsQuery(project.id));
  const { deleteJournal } = useJournalMutations();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<JournalDialogSubject | null>(null);
  const deleting = useConfirmedMutation<Journal>({
    mutation: deleteJournal,
    done: (journal) => t('journal.deleted', { title: journal.title }),
    onDone: () => setParams({}),
  });
  const list = journals.data ?? [];
  const selected = list.find((j) => j.id === params.get('journal')) ?? list[0] ?? null;
  // another journal starts without the last one's filters
  const select = (id: string) => setParams({ journal: id });
  const onCreate = access.manageJournals ? () => setEditing({ kind: 'create' }) : undefined;

  const dialogs = (
    <>
      <JournalDialog subject={editing} onClose={() => setEditing(null)} onSaved={(j) => select(j.id)} />
      <ConfirmDialog
        {...deleting.dialogProps}
        title={t('journal.deleteTitle')}
        body={t('journal.deleteBody', { title: deleting.subject?.title ?? '' })}
        confirmLabel={t('actions.delete')}
        failure={deleteJournal.isError ? t('messages.deleteFailed') : null}
      />
    </>
  );

  if (journals.isPending) {
    return (
      <Box role="progressbar" aria-label={t('journal.loading')} sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }
  if (journals.isError) {
    return <LoadFailedAlert onRetry={() => void journals.refetch()}>{t('messages.listFailed')}</LoadFailedAlert>;
  }
  if (!selected) {
    return (
      <>
        <EmptyState
          icon={<MenuBookOutlined />}
          title={t('journal.empty')}
          hint={access.manageJournals ? t('journal.emptyHint') : t('journal.emptyHintOperator')}
          action={
            onCreate && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate} sx={{ mt: 1 }}>
                {t('journal.create')}
              </Button>
            )
          }
        />
        {dialogs}
      </>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <JournalList journals={list} selectedId={selected.id} onSelect={select} onCreate={onCreate} />
      <EntriesPanel
        key={selected.id}
        journal={selected}
        onRename={access.manageJournals ? () => setEditing({ kind: 'rename', journal: selected }) : undefined}
        onDelete={access.manageJournals ? () => deleting.ask(selected) : undefined}
      />
      {dialogs}
    </Box>
  );
}

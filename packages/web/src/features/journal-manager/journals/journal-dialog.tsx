import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { journalCreateBody, type Journal, type JournalCreateBody } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { SubjectDialog } from '../../../components/dialogs/subject-dialog.tsx';
import { fieldErrorText } from '../model/field-errors.ts';
import { useJournalMutations } from '../model/use-journal-mutations.ts';

/** What the dialog is for: a new journal, or renaming one. */
export type JournalDialogSubject = { kind: 'create' } | { kind: 'rename'; journal: Journal };

/** Makes or renames a journal (administrators and managers): its title and what it is for. */
export function JournalDialog({
  subject,
  onClose,
  onSaved,
}: {
  subject: JournalDialogSubject | null;
  onClose(): void;
  onSaved(journal: Journal): void;
}) {
  return (
    <SubjectDialog subject={subject} onClose={onClose} maxWidth="sm">
      {(shown, titleId) => <JournalForm subject={shown} titleId={titleId} onClose={onClose} onSaved={onSaved} />}
    </SubjectDialog>
  );
}

function JournalForm({
  subject,
  titleId,
  onClose,
  onSaved,
}: {
  subject: JournalDialogSubject;
  titleId: string;
  onClose(): void;
  onSaved(journal: Journal): void;
}) {
  const { t } = useTranslation('journal');
  const { enqueueSnackbar } = useSnackbar();
  const { createJournal, renameJournal } = useJournalMutations();
  const editing = subject.kind === 'rename' ? subject.journal : null;
  const form = useForm<JournalCreateBody>({
    resolver: zodResolver(journalCreateBody),
    defaultValues: { title: editing?.title ?? '', description: editing?.description ?? '' },
  });
  const mutation = editing ? renameJournal : createJournal;
  const submit = form.handleSubmit((values) => {
    const done = (journal: Journal) => {
      enqueueSnackbar(t(editing ? 'journal.renamed' : 'journal.created', { title: journal.title }), {
        variant: 'success',
      });
      onSaved(journal);
      onClose();
    };
    if (editing) renameJournal.mutate({ id: editing.id, body: values }, { onSuccess: done });
    else createJournal.mutate(values, { onSuccess: done });
  });
  const error = (name: 'title' | 'description') => fieldErrorText(t, form.formState.errors[name]);
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <DialogTitle id={titleId}>{t(editing ? 'journal.renameTitle' : 'journal.createTitle')}</DialogTitle>
      <DialogContent>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('messages.saveFailed')}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            {...form.register('title')}
            autoFocus
            required
            label={t('journal.titleField')}
            error={Boolean(error('title'))}
            helperText={error('title') ?? ' '}
          />
          <TextField
            {...form.register('description')}
            multiline
            minRows={2}
            label={t('journal.descriptionField')}
            error={Boolean(error('description'))}
            helperText={error('description') ?? t('journal.descriptionHint')}
          />
        </Stack>
      </DialogContent>
      <FormDialogActions
        submitLabel={t(editing ? 'actions.save' : 'actions.create')}
        pending={mutation.isPending}
        onCancel={onClose}
      />
    </form>
  );
}

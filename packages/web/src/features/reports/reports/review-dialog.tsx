import { Dialog, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { reviewBody, type Report, type ReviewAction } from '@vigil/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { useFormDialog } from '../../../components/dialogs/use-form-dialog.ts';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { messageKey } from '../model/field-message.ts';
import { useReviewReport } from '../model/use-report-mutations.ts';
import { RefusalAlert } from './refusal-alert.tsx';

/** One review step on a report, with a comment: optional to mark reviewed or approve, required to reject. */
export function ReviewDialog({ report, action, onClose }: { report: Report; action: ReviewAction; onClose(): void }) {
  const { t } = useTranslation('reports');
  const { titleId, dialogProps } = useFormDialog();
  const { enqueueSnackbar } = useSnackbar();
  const review = useReviewReport();
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const parsed = reviewBody.safeParse({ action, comment });
  const issue = !parsed.success && tried ? parsed.error.issues[0] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    review.mutate(
      { id: report.id, body: parsed.data },
      {
        onSuccess: () => {
          enqueueSnackbar(t(`review.done.${action}`, { name: report.name }), { variant: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" {...dialogProps}>
      <DialogTitle id={titleId}>{t(`review.titles.${action}`, { name: report.name })}</DialogTitle>
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2}>
            <DialogContentText>{t(`review.bodies.${action}`)}</DialogContentText>
            <TextField
              label={t(action === 'reject' ? 'review.reason' : 'review.comment')}
              required={action === 'reject'}
              multiline
              minRows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              error={Boolean(issue)}
              helperText={issue ? t(messageKey({ message: issue.message, type: issue.code })!) : ' '}
              autoFocus
            />
            {review.isError && <RefusalAlert error={review.error} title={t('review.failed')} />}
          </Stack>
        </DialogContent>
        <FormDialogActions submitLabel={t(`actions.${action}`)} pending={review.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

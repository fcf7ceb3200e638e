import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { MediaFile } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../model/media-text.ts';
import { useFileMutations } from '../model/use-file-mutations.ts';
import { useDialogSubject } from '../../../components/dialogs/use-dialog-subject.ts';

/** Deletes a file, with its thumbnails and bytes, once confirmed. */
export function DeleteDialog({ file, onClose }: { file: MediaFile | null; onClose(): void }) {
  const titleId = useId();
  const shown = useDialogSubject(file);
  return (
    <Dialog open={Boolean(file)} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      {shown && <DeleteConfirm key={shown.key} file={shown.subject} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function DeleteConfirm({ file, titleId, onClose }: { file: MediaFile; titleId: string; onClose(): void }) {
  const { t } = useTranslation('fileManager');
  const { enqueueSnackbar } = useSnackbar();
  const { remove } = useFileMutations();
  const confirm = () =>
    remove.mutate(file, {
      onSuccess: () => {
        enqueueSnackbar(t('remove.done', { label: file.label }), { variant: 'success' });
        onClose();
      },
    });
  return (
    <>
      <DialogTitle id={titleId}>{t('remove.title')}</DialogTitle>
      <DialogContent>
        {remove.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureText(t, 'deleteFailed', remove.error, { id: file.id })}
          </Alert>
        )}
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {t('remove.body', { label: file.label })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={confirm} loading={remove.isPending}>
          {t('remove.submit')}
        </Button>
      </DialogActions>
    </>
  );
}

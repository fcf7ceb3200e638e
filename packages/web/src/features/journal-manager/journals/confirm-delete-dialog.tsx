import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  body: string;
  pending: boolean;
  failed: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before deleting a journal or an entry; says so when the deletion failed. */
export function ConfirmDeleteDialog({
  open,
  title,
  body,
  pending,
  failed,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('journal');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('messages.deleteFailed')}
          </Alert>
        )}
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} loading={pending}>
          {t('actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

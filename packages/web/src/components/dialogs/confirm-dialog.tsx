import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  /** the red button's words: what happens, e.g. "Delete" or "Revoke" */
  confirmLabel: string;
  pending: boolean;
  /** why the last try failed, shown above the question */
  failure?: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before something that cannot be undone (a deletion, a revocation); says so when it failed. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  pending,
  failure,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

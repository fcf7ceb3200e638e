import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { User } from '@vigil/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayNameOf } from './users-table-model.ts';

/** The account actions that are asked about first: they sign the user out or cannot be undone. */
export type ConfirmedAction = 'deactivate' | 'delete';

interface ConfirmAccountDialogProps {
  request: { action: ConfirmedAction; user: User } | null;
  busy: boolean;
  onConfirm(action: ConfirmedAction, user: User): void;
  onClose(): void;
}

/** "Delete Ana Lima?": names the user and says what will happen, before anything does. */
export function ConfirmAccountDialog({ request, busy, onConfirm, onClose }: ConfirmAccountDialogProps) {
  const { t } = useTranslation('users');
  const titleId = useId();
  const [shown, setShown] = useState(request);
  if (request && request !== shown) setShown(request);
  const name = shown ? displayNameOf(shown.user) : '';
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog open={Boolean(request)} onClose={close} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      {shown && (
        <>
          <DialogTitle id={titleId}>{t(`confirm.${shown.action}.title`, { name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t(`confirm.${shown.action}.body`, { name, username: shown.user.username })}
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={busy}>
              {t('actions.cancel')}
            </Button>
            <Button
              variant="contained"
              color={shown.action === 'delete' ? 'error' : 'primary'}
              disabled={busy}
              onClick={() => onConfirm(shown.action, shown.user)}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t(`confirm.${shown.action}.submit`)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

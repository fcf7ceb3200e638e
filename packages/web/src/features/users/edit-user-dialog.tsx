import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import type { User } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { DialogForm, useFullScreenDialog } from './dialog-form.tsx';
import { SaveFailureAlert } from './save-failure-alert.tsx';
import { offeredRoles } from './user-access.ts';
import { PersonFields, ResponderTypeField, RolesField } from './user-form-fields.tsx';
import { editUserSchema, editValuesOf, type EditUserInput, type EditUserValues } from './user-form-values.ts';
import { serverFieldErrors } from './user-messages.ts';
import { useUpdateUser } from './use-user-mutations.ts';
import { useUserFormOptions } from './use-users-data.ts';
import { displayNameOf } from './users-table-model.ts';

interface EditUserDialogProps {
  /** the user being edited; null when closed */
  user: User | null;
  onClose(): void;
}

/** Names, e-mail, roles and default responder type of a user the signed-in user may manage. */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  // Each opening starts a fresh form; the last user stays on show while the dialog closes.
  const [shown, setShown] = useState<{ user: User; opening: number } | null>(null);
  if (user && user !== shown?.user) setShown({ user, opening: (shown?.opening ?? 0) + 1 });
  return (
    <Dialog
      open={Boolean(user)}
      onClose={onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => setShown((s) => s && { user: s.user, opening: s.opening + 1 }) } }}
    >
      {shown && <EditUserForm key={shown.opening} user={shown.user} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function EditUserForm({ user, titleId, onClose }: { user: User; titleId: string; onClose(): void }) {
  const { t } = useTranslation('users');
  const { enqueueSnackbar } = useSnackbar();
  const { activeRole } = useSession();
  const { roles, responderTypes } = useUserFormOptions();
  const offered = useMemo(() => roles.data && offeredRoles(roles.data, activeRole.name), [roles.data, activeRole.name]);
  const update = useUpdateUser();
  const initial = useMemo(() => editValuesOf(user), [user]);
  const form = useForm<EditUserInput, unknown, EditUserValues>({
    resolver: zodResolver(editUserSchema),
    defaultValues: initial,
  });
  const name = displayNameOf(user);

  const close = () => {
    if (!update.isPending) onClose();
  };
  const submit = form.handleSubmit((values) =>
    update.mutate(
      { user, values },
      {
        onSuccess: () => {
          enqueueSnackbar(t('edit.saved', { name }), { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(serverFieldErrors(t, error))) {
            if (field in values) form.setError(field as keyof EditUserInput, { type: 'server', message });
          }
        },
      },
    ),
  );

  return (
    <DialogForm noValidate onSubmit={(event) => void submit(event)}>
      <DialogTitle id={titleId}>{t('edit.title', { name })}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t('edit.intro', { username: user.username })}</DialogContentText>
        <Stack spacing={2}>
          {update.isError && <SaveFailureAlert error={update.error} headline={t('edit.failed')} />}
          <PersonFields form={form} />
          <RolesField form={form} offered={offered} failed={roles.isError} />
          <ResponderTypeField form={form} responderTypes={responderTypes.data} failed={responderTypes.isError} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={update.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!form.formState.isDirty || update.isPending}
          startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('edit.submit')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}

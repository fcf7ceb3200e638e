import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormHelperText,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { DialogForm, useFullScreenDialog } from './dialog-form.tsx';
import { SaveFailureAlert } from './save-failure-alert.tsx';
import { defaultRoleIds, offeredRoles } from './user-access.ts';
import { PersonFields, ResponderTypeField, RolesField, useTextField } from './user-form-fields.tsx';
import {
  createUserSchema,
  emptyCreateValues,
  type CreateUserInput,
  type CreateUserValues,
} from './user-form-values.ts';
import { serverFieldErrors } from './user-messages.ts';
import { useCreateUser, type CreateResult } from './use-user-mutations.ts';
import { useUserFormOptions } from './use-users-data.ts';

interface CreateUserDialogProps {
  open: boolean;
  onClose(): void;
  onCreated(result: CreateResult): void;
}

/** A new user of the current project, with the roles the signed-in user may give, optionally invited at once. */
export function CreateUserDialog({ open, onClose, onCreated }: CreateUserDialogProps) {
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  // A fresh form for every opening, swapped in once the closing animation is over.
  const [generation, setGeneration] = useState(0);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => setGeneration((g) => g + 1) } }}
    >
      <CreateUserForm key={generation} titleId={titleId} onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

function CreateUserForm({ titleId, onClose, onCreated }: Omit<CreateUserDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation('users');
  const { activeRole, project } = useSession();
  const { roles, responderTypes } = useUserFormOptions();
  const offered = useMemo(() => roles.data && offeredRoles(roles.data, activeRole.name), [roles.data, activeRole.name]);
  const create = useCreateUser();
  const form = useForm<CreateUserInput, unknown, CreateUserValues>({
    resolver: zodResolver(createUserSchema),
    defaultValues: emptyCreateValues(offered ? defaultRoleIds(offered) : []),
  });
  const field = useTextField(form);

  // The roles may arrive after the form: preselect the default role unless the user already chose.
  useEffect(() => {
    if (offered && !form.getFieldState('roles').isDirty) {
      form.resetField('roles', { defaultValue: defaultRoleIds(offered) });
    }
  }, [offered, form]);

  const canSubmit = Boolean(offered?.length) && !create.isPending;
  const close = () => {
    if (!create.isPending) onClose();
  };
  const submit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (result) => {
        onCreated(result);
        onClose();
      },
      onError: (error) => {
        for (const [name, message] of Object.entries(serverFieldErrors(t, error))) {
          if (name in values) form.setError(name as keyof CreateUserInput, { type: 'server', message });
        }
      },
    });
  });

  return (
    <DialogForm
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // "No roles were found in the server": nothing can be created, so nothing is sent.
        if (canSubmit) void submit(event);
      }}
    >
      <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t('create.intro', { project: project.name })}</DialogContentText>
        <Stack spacing={2}>
          {create.isError && <SaveFailureAlert error={create.error} headline={t('messages.createUserFailed')} />}
          <PersonFields form={form} />
          <TextField
            {...field('username', 'off')}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <RolesField form={form} offered={offered} failed={roles.isError} />
          <ResponderTypeField form={form} responderTypes={responderTypes.data} failed={responderTypes.isError} />
          <Divider />
          <Controller
            control={form.control}
            name="invite"
            render={({ field: invite }) => (
              <div>
                <FormControlLabel
                  label={t('create.invite')}
                  control={
                    <Checkbox
                      checked={invite.value}
                      onChange={(event) => invite.onChange(event.target.checked)}
                      slotProps={{ input: { ref: invite.ref } }}
                    />
                  }
                />
                <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{t('create.inviteHelp')}</FormHelperText>
              </div>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={create.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!canSubmit}
          startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('create.submit')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}

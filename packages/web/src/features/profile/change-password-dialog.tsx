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
import { changePasswordBody, PASSWORD_MIN_LENGTH, type ChangePasswordBody } from '@vigil/domain';
import { useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './domain-message.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { useChangePassword } from './use-change-password.ts';

const EMPTY: ChangePasswordBody = { current_password: '', new_password: '', confirm_password: '' };

/** Current, new and confirmed password: all required, the new one at least 6, the two equal. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('profile');
  const titleId = useId();
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordBody), defaultValues: EMPTY });
  const { errors } = form.formState;

  const close = () => {
    if (changePassword.isPending) return;
    form.reset(EMPTY);
    changePassword.reset();
    onClose();
  };
  const submit = form.handleSubmit((body) =>
    changePassword.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        onClose();
      },
    }),
  );
  const field = (name: FieldPath<ChangePasswordBody>, autoComplete: string) => {
    const { ref, ...registered } = form.register(name);
    return {
      ...registered,
      inputRef: ref,
      label: t(`password.${name}`),
      autoComplete,
      required: true,
      fullWidth: true,
      error: Boolean(errors[name]),
      helperText: translateMessage(t, errors[name]?.message) || ' ',
    };
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t('password.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('password.intro', { min: PASSWORD_MIN_LENGTH })}</DialogContentText>
          <Stack spacing={1}>
            <PasswordField {...field('current_password', 'current-password')} autoFocus />
            <PasswordField {...field('new_password', 'new-password')} />
            <PasswordField {...field('confirm_password', 'new-password')} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={changePassword.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={changePassword.isPending}
            startIcon={changePassword.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

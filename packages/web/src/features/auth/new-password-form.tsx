import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH, resetPasswordBody } from '@vigil/domain';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.ts';
import { useDomainMessage } from './auth-messages.ts';
import { textFieldProps } from './form-field.ts';
import { PasswordField } from '../../components/password-field.tsx';

interface Props {
  /** a reset token: from a reset link, or the one that came with ExpiredPasswordError */
  token: string;
  /** what to show above the fields */
  children?: ReactNode;
  onChanged(password: string): void;
  onInvalidToken(): void;
}

/**
 * New and confirmed password (at least 6 characters, equal) set with a reset token (requirements#shell-validation): a
 * server validation error shows details.new_password's first message, else a generic message; 401 means
 * the token is no longer valid.
 */
export function NewPasswordForm({ token, children, onChanged, onInvalidToken }: Props) {
  const { t } = useTranslation('auth');
  const messageOf = useDomainMessage();
  const form = useForm({
    resolver: zodResolver(resetPasswordBody),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const reset = useMutation({
    mutationFn: (body: { new_password: string; confirm_password: string }) => authApi.resetPassword(token, body),
  });

  // a failure that no field explains, as a key of auth.json
  const [failure, setFailure] = useState<'reset.invalidPassword' | 'reset.failed'>();

  const submit = form.handleSubmit((body) => {
    setFailure(undefined);
    reset.mutate(body, {
      onSuccess: () => onChanged(body.new_password),
      onError: (error) => {
        if (error instanceof ApiError && error.isUnauthorized) return onInvalidToken();
        const message = error instanceof ApiError ? error.fieldMessage('new_password') : undefined;
        if (message) form.setError('new_password', { message }, { shouldFocus: true });
        else setFailure(error instanceof ApiError && error.isValidation ? 'reset.invalidPassword' : 'reset.failed');
      },
    });
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {children}
      {failure && <Alert severity="error">{t(failure)}</Alert>}
      <PasswordField
        label={t('reset.newPassword')}
        autoComplete="new-password"
        autoFocus
        fullWidth
        {...textFieldProps(form, 'new_password', messageOf, t('reset.hint', { min: PASSWORD_MIN_LENGTH }))}
      />
      <PasswordField
        label={t('reset.confirmPassword')}
        autoComplete="new-password"
        fullWidth
        {...textFieldProps(form, 'confirm_password', messageOf)}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={reset.isPending}
        loadingPosition="start"
      >
        {t('reset.submit')}
      </Button>
    </Stack>
  );
}

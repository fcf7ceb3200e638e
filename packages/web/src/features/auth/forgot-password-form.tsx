import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { emailSchema } from '@vigil/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { authApi } from '../../api/auth.ts';
import { useDomainMessage } from './auth-messages.ts';
import { textFieldProps } from './form-field.ts';
import { ScreenHeading } from './screen-heading.tsx';

const forgotPasswordForm = z.object({ email: emailSchema });

/** The page a reset e-mail links to; the server only accepts one on its own site. */
const resetPasswordLink = () => `${window.location.origin}/reset-password`;

interface Props {
  onSent(email: string): void;
  onBack(): void;
}

/** Forgot password: the account's e-mail address ("Invalid Email Address" unless name@domain.tld). */
export function ForgotPasswordForm({ onSent, onBack }: Props) {
  const { t } = useTranslation('auth');
  const messageOf = useDomainMessage();
  const form = useForm({ resolver: zodResolver(forgotPasswordForm), defaultValues: { email: '' } });
  const send = useMutation({ mutationFn: (address: string) => authApi.forgotPassword(address, resetPasswordLink()) });

  const submit = form.handleSubmit(({ email: address }) => send.mutate(address, { onSuccess: () => onSent(address) }));

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      <ScreenHeading title={t('forgot.title')} intro={t('forgot.intro')} />
      {send.isError && <Alert severity="error">{t('forgot.error')}</Alert>}
      <TextField
        label={t('forgot.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoFocus
        fullWidth
        {...textFieldProps(form, 'email', messageOf)}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending} loadingPosition="start">
        {t('forgot.submit')}
      </Button>
      <Button type="button" variant="text" onClick={onBack} sx={{ alignSelf: 'center' }}>
        {t('backToSignIn')}
      </Button>
    </Stack>
  );
}

import { Button, Link, Stack, TextField } from '@mui/material';
import type { LoginBody } from '@vigil/domain';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from './auth-messages.ts';
import { textFieldProps } from './form-field.ts';
import { loginResolver, preloadLaterScreens } from './later-screens.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { ScreenHeading } from './screen-heading.tsx';

interface Props {
  username?: string;
  pending: boolean;
  /** the message above the fields (failure, logout reason or notice) */
  alert: ReactNode;
  /** how many attempts were refused: after each the password is cleared and focused for the next try */
  refusals: number;
  onSubmit(credentials: LoginBody): void;
  onForgotPassword(): void;
}

/** Sign-in: username (trimmed, required) and password (required) (requirements#shell-validation). */
export function SignInForm({ username, pending, alert, refusals, onSubmit, onForgotPassword }: Props) {
  const { t } = useTranslation('auth');
  const messageOf = useDomainMessage();
  const form = useForm<LoginBody>({
    resolver: loginResolver,
    defaultValues: { username: username ?? '', password: '' },
  });

  useEffect(preloadLaterScreens, []);
  const { setValue, setFocus } = form;

  useEffect(() => {
    if (!refusals) return;
    setValue('password', '');
    setFocus('password');
  }, [refusals, setValue, setFocus]);

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit(onSubmit)}>
      <ScreenHeading title={t('signIn.title')} intro={t('signIn.intro')} />
      {alert}
      <TextField
        label={t('signIn.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={!username}
        fullWidth
        {...textFieldProps(form, 'username', messageOf)}
      />
      <PasswordField
        label={t('signIn.password')}
        autoComplete="current-password"
        autoFocus={Boolean(username)}
        fullWidth
        {...textFieldProps(form, 'password', messageOf)}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending} loadingPosition="start">
        {pending ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
      <Link component="button" type="button" variant="body2" onClick={onForgotPassword} sx={{ alignSelf: 'center' }}>
        {t('signIn.forgotPassword')}
      </Link>
    </Stack>
  );
}

import { Button, Link, Stack } from '@mui/material';
import type { LoginBody } from '@vigil/domain';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from './auth-messages.ts';
import { checkLogin, preloadLaterScreens } from './later-screens.ts';
import { OutlinedField } from '../../components/forms/outlined-field.tsx';
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

type Errors = Partial<Record<keyof LoginBody, string>>;

/**
 * Sign-in: username (trimmed, required) and password (required) (requirements#shell-validation).
 * Two fields held in state, not a form library: the login page loads none. As with the app's other
 * forms, fields are checked at submit, and again as they change once a submit has failed.
 */
export function SignInForm({ username, pending, alert, refusals, onSubmit, onForgotPassword }: Props) {
  const { t } = useTranslation('auth');
  const messageOf = useDomainMessage();
  const [values, setValues] = useState<LoginBody>({ username: username ?? '', password: '' });
  const [errors, setErrors] = useState<Errors | null>(null);
  const password = useRef<HTMLInputElement>(null);

  useEffect(preloadLaterScreens, []);

  useEffect(() => {
    if (!refusals) return;
    setValues((v) => ({ ...v, password: '' }));
    password.current?.focus();
  }, [refusals]);

  const check = async (next: LoginBody) => {
    const result = await checkLogin(next);
    setErrors('errors' in result ? result.errors : null);
    return 'data' in result ? result.data : null;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = await check(values);
    if (data) onSubmit(data);
  };
  const field = (name: keyof LoginBody) => {
    const message = messageOf(errors?.[name]);
    return {
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (errors) void check(next);
      },
      error: Boolean(message),
      helperText: message,
    };
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <ScreenHeading title={t('signIn.title')} intro={t('signIn.intro')} />
      {alert}
      <OutlinedField
        label={t('signIn.username')}
        autoComplete="username"
        inputProps={{ autoCapitalize: 'none', spellCheck: false }}
        autoFocus={!username}
        fullWidth
        {...field('username')}
      />
      <PasswordField
        label={t('signIn.password')}
        autoComplete="current-password"
        autoFocus={Boolean(username)}
        fullWidth
        inputRef={password}
        {...field('password')}
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

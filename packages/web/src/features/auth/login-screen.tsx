import type { LoginBody } from '@vigil/domain';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { expiredPasswordToken, signInFailureOf } from './auth-messages.ts';
import {
  ForgotPasswordForm,
  ForgotPasswordSent,
  InvalidTokenScreen,
  PasswordExpiredScreen,
  ProjectSelection,
  ResetPasswordScreen,
} from './later-screens.ts';
import { LoggingInNotice } from './logging-in-notice.tsx';
import { initialMode, type LoginLocationState, type LoginMode } from './login-mode.ts';
import { revokeToken, useSignInMutation } from './sign-in-api.ts';
import { SignInAlert } from './sign-in-alert.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

/** The one login screen: its modes (requirements#shell-screens) and the ways between them. */
export function LoginScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<LoginMode>(() => initialMode(location.pathname, params, location.state));
  const [refusals, setRefusals] = useState(0);
  const { mutate: signIn, isPending: signingIn } = useSignInMutation();
  const complete = useCompleteSignIn();

  const signInWith = useCallback(
    (credentials: LoginBody) => {
      const { username } = credentials;
      signIn(credentials, {
        onSuccess: (session) => {
          const [first, ...others] = session.projects;
          if (!first) {
            revokeToken(session.token);
            setMode({ name: 'sign-in', username, failure: 'noProjects' });
          } else if (others.length) setMode({ name: 'project-selection', session, username });
          else complete({ token: session.token, userId: session.userId, projectId: first.id }, session.projects);
        },
        onError: (error) => {
          const resetToken = expiredPasswordToken(error);
          if (resetToken) return setMode({ name: 'password-expired', username, resetToken });
          setRefusals((n) => n + 1);
          setMode({ name: 'sign-in', username, failure: signInFailureOf(error) });
        },
      });
    },
    [signIn, complete],
  );

  // Leaving /reset-password drops the token from the address; the login route opens in the mode asked.
  const toLogin = (state?: LoginLocationState) => {
    if (location.pathname !== '/login') return void navigate('/login', { replace: true, state });
    setMode(state?.mode ? { name: state.mode } : { name: 'sign-in', notice: state?.notice });
  };
  const passwordChanged = (username: string | undefined) => (password: string) => {
    if (!username) return toLogin({ notice: 'password-changed' });
    setMode({ name: 'logging-in', credentials: { username, password } });
  };
  const invalidToken = useCallback(() => setMode({ name: 'invalid-token' }), []);

  switch (mode.name) {
    case 'sign-in':
      return (
        <SignInForm
          username={mode.username}
          pending={signingIn}
          refusals={refusals}
          alert={<SignInAlert failure={mode.failure} reason={mode.reason} notice={mode.notice} />}
          onSubmit={signInWith}
          onForgotPassword={() => setMode({ name: 'forgot-password' })}
        />
      );
    case 'forgot-password':
      return (
        <ForgotPasswordForm
          onSent={(email) => setMode({ name: 'forgot-password-sent', email })}
          onBack={() => toLogin()}
        />
      );
    case 'forgot-password-sent':
      return <ForgotPasswordSent email={mode.email} onBack={() => toLogin()} />;
    case 'reset-password':
      return (
        <ResetPasswordScreen
          token={mode.token}
          onChanged={passwordChanged(mode.username)}
          onInvalidToken={invalidToken}
        />
      );
    case 'invalid-token':
      return <InvalidTokenScreen onRequestLink={() => toLogin({ mode: 'forgot-password' })} onBack={() => toLogin()} />;
    case 'password-expired':
      return (
        <PasswordExpiredScreen
          username={mode.username}
          resetToken={mode.resetToken}
          onChanged={passwordChanged(mode.username)}
          onInvalidToken={invalidToken}
          onBack={() => setMode({ name: 'sign-in', username: mode.username })}
        />
      );
    case 'logging-in':
      return <LoggingInNotice onShown={() => signInWith(mode.credentials)} />;
    case 'project-selection':
      return (
        <ProjectSelection
          session={mode.session}
          onBack={() => {
            revokeToken(mode.session.token);
            setMode({ name: 'sign-in', username: mode.username });
          }}
          onChosen={(projectId) =>
            complete({ token: mode.session.token, userId: mode.session.userId, projectId }, mode.session.projects)
          }
        />
      );
  }
}

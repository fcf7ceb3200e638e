import { CircularProgress } from '@mui/material';
import { AppThemeProvider } from '../../theme/app-theme-provider.tsx';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { sessionStore } from '../../api/session-store.ts';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { LoginLayout } from './login-layout.tsx';
import { LoginScreen } from './login-screen.tsx';
import { safeNextPath } from './next-path.ts';
import { useLoginTheme } from './use-login-theme.ts';

/** /login and /reset-password: the themed login page (requirements#shell-screens). */
export function LoginRoute() {
  const { t } = useTranslation('auth');
  const { pathname, key } = useLocation();
  const [params] = useSearchParams();
  const theme = useLoginTheme();
  // Someone already signed in who opens /login goes on into the application (a logout reason means not).
  const [signedIn] = useState(() => pathname === '/login' && !params.get('reason') && Boolean(sessionStore.get()));

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  if (signedIn) return <Navigate to={safeNextPath(params.get('next'))} replace />;
  if (theme.isPending) return <FullScreenLoader label={t('loading')} />;
  return (
    <AppThemeProvider theme={theme.muiTheme}>
      <LoginLayout login={theme.login}>
        {/* each visit (e.g. /logout → /login?reason=expired) opens the screen afresh, in the mode it asks for */}
        <Suspense fallback={<CircularProgress sx={{ alignSelf: 'center' }} aria-label={t('loading')} />}>
          <LoginScreen key={key} />
        </Suspense>
      </LoginLayout>
    </AppThemeProvider>
  );
}

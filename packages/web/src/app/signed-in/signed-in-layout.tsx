import { CssBaseline } from '@mui/material';
import { AppThemeProvider } from '../../theme/app-theme-provider.tsx';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { sessionStore } from '../../api/session-store.ts';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { changeLocale } from '../../i18n/i18n.ts';
import { createAppTheme } from '../../theme/create-app-theme.ts';
import { themeFolder } from '../../theme/theme-file.ts';
import { useThemeFile } from '../../theme/use-theme-file.ts';
import { SessionContext } from '../../session/session-context.ts';
import { AppShell } from '../shell/app-shell.tsx';
import { StartupError } from './startup-error.tsx';
import { useSessionBootstrap } from './use-session-bootstrap.ts';
import type { StoredSession } from '../../api/session-store.ts';

/** Everything behind sign-in: loads the session, then the themed shell around the page. */
export function SignedInLayout() {
  const stored = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const location = useLocation();
  if (!stored) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <SignedInApp stored={stored} />;
}

function SignedInApp({ stored }: { stored: StoredSession }) {
  const { t } = useTranslation();
  const bootstrap = useSessionBootstrap(stored);
  const session = bootstrap.status === 'ready' ? bootstrap.session : null;
  const theme = useThemeFile(themeFolder(session?.project));
  const muiTheme = useMemo(() => createAppTheme(theme.data), [theme.data]);
  const locale = session?.profile.profile.locale;

  useEffect(() => {
    if (locale) void changeLocale(locale);
  }, [locale]);

  // App start requires an authenticated session with an active role (requirements#shell-states).
  if (bootstrap.status === 'no-role' || bootstrap.status === 'no-project') return <Navigate to="/logout" replace />;
  if (bootstrap.status === 'error') {
    const error = bootstrap.error;
    // 401 and 403 are handled once for the whole app (session-events-handler): it logs out.
    if (error instanceof ApiError && (error.isUnauthorized || error.isForbidden)) return <FullScreenLoader />;
    // The stored project is gone or no longer the user's: start again from sign-in.
    if (error instanceof ApiError && error.isNotFound) return <Navigate to="/logout" replace />;
    return <StartupError message={error.message} />;
  }
  if (!session || theme.isPending) return <FullScreenLoader label={t('loading')} />;
  return (
    <AppThemeProvider theme={muiTheme}>
      <CssBaseline />
      <SessionContext.Provider value={session}>
        <AppShell>
          <Outlet />
        </AppShell>
      </SessionContext.Provider>
    </AppThemeProvider>
  );
}

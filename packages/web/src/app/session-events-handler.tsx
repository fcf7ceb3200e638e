import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sessionEvents } from '../api/session-events.ts';
import { sessionStore } from '../api/session-store.ts';
import { useErrorDialog } from '../components/error-dialog/error-dialog-provider.tsx';

/**
 * Session expiry (requirements#shell-states): 401 → the expired message and logout; 403 Forbidden → the
 * restricted-app message ("unauthorized") and logout; 500 → the error dialog with code #500.
 */
export function SessionEventsHandler() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const errorDialog = useErrorDialog();

  useEffect(
    () =>
      sessionEvents.subscribe((event) => {
        // Requests still in flight when the session ended report again: one logout is enough.
        const signingOut = !sessionStore.get() || ['/logout', '/login'].includes(window.location.pathname);
        if (event.type !== 'server-error' && signingOut) return;
        if (event.type === 'expired') void navigate('/logout?reason=expired', { replace: true });
        else if (event.type === 'forbidden') void navigate('/logout?reason=unauthorized', { replace: true });
        else
          errorDialog.show({
            type: 'error',
            code: `#${event.error.status}`,
            title: event.error.statusText || t('errors.server'),
            details: event.error.message,
          });
      }),
    [navigate, errorDialog, t],
  );
  return null;
}

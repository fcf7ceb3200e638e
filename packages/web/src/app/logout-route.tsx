import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { authApi } from '../api/auth.ts';
import { sessionStore } from '../api/session-store.ts';

/** /logout: revokes the token, forgets the session and goes to the login page with the reason. */
export function LogoutRoute() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const stored = sessionStore.get();

  useEffect(() => {
    if (!stored) return;
    sessionStore.set(null);
    queryClient.clear();
    // The token may already be revoked or expired: failing to revoke it again is fine.
    authApi.logout(stored.token).catch(() => undefined);
  }, [stored, queryClient]);

  const reason = params.get('reason');
  return <Navigate to={reason ? `/login?reason=${encodeURIComponent(reason)}` : '/login'} replace />;
}

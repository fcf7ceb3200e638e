import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { sessionStore, type StoredSession } from '../../api/session-store.ts';
import { safeNextPath } from './next-path.ts';

/** Stores the new session and goes to the page the user came from, or to / (requirements#shell-screens). */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const next = params.get('next');

  return useCallback(
    (session: StoredSession) => {
      // Nothing cached for an earlier session may leak into this one; static files (themes) stay.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'static' });
      sessionStore.set(session);
      void navigate(safeNextPath(next), { replace: true });
    },
    [navigate, next, queryClient],
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Project } from '@vigil/domain';
import { sessionStore, type StoredSession } from '../../api/session-store.ts';
import { projectsQuery } from '../../api/ui.ts';
import { prefetchSession } from '../../session/prefetch-session.ts';
import { safeNextPath } from './next-path.ts';

/**
 * Stores the new session and goes to the page the user came from, or to / (requirements#shell-screens).
 * The projects the sign-in fetched with the new token are the session's: kept, its theme and start
 * calls asked for at once.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const next = params.get('next');

  return useCallback(
    (session: StoredSession, projects: Project[]) => {
      // Nothing cached for an earlier session may leak into this one; static files (themes) stay.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'static' });
      queryClient.setQueryData(projectsQuery().queryKey, projects);
      sessionStore.set(session);
      prefetchSession(queryClient);
      void navigate(safeNextPath(next), { replace: true });
    },
    [navigate, next, queryClient],
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { userQuery } from '../api/auth.ts';
import { sessionStore } from '../api/session-store.ts';
import { modulesQuery, profileQuery, projectsQuery } from '../api/ui.ts';
import { themeFolder } from '../theme/theme-file.ts';
import { themeFileQuery } from '../theme/use-theme-file.ts';

/**
 * A stored session's start calls (the ones `useSessionBootstrap` waits for) and its project's theme,
 * asked for together: at script start while the texts load, and at sign-in as soon as the session is
 * stored, so that the first signed-in page renders a round trip or two sooner. Failures are left to
 * the session's own queries, which show or handle them.
 */
export function prefetchSession(client: QueryClient) {
  const stored = sessionStore.get();
  if (!stored?.projectId) return;
  void client.prefetchQuery(userQuery(stored.userId, stored.projectId));
  void client.prefetchQuery(profileQuery(stored.projectId, stored.userId));
  void client.prefetchQuery(modulesQuery(stored.projectId));
  void client
    .fetchQuery(projectsQuery())
    .then((projects) =>
      client.prefetchQuery(themeFileQuery(themeFolder(projects.find((p) => p.id === stored.projectId)))),
    )
    .catch(() => undefined);
}

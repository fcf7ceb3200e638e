import { useQueries, type QueryClient } from '@tanstack/react-query';
import type { Project } from '@vigil/domain';
import { userQuery } from '../../api/auth.ts';
import type { StoredSession } from '../../api/session-store.ts';
import { modulesQuery, profileQuery, projectsQuery } from '../../api/ui.ts';
import type { Session } from '../session-context.ts';

/**
 * Starts the session's calls when a signed-in route matches, alongside the app's chunks and locale
 * files: the layout that asks for them waits for its translations first. Data already cached is kept
 * (no call again on each navigation); failures are left to the layout's own queries.
 */
export function prefetchSession(queryClient: QueryClient, stored: StoredSession | null) {
  if (!stored?.projectId) return;
  const quietly = (promise: Promise<unknown>) => void promise.catch(() => undefined);
  quietly(queryClient.ensureQueryData(userQuery(stored.userId, stored.projectId)));
  quietly(queryClient.ensureQueryData(projectsQuery()));
  quietly(queryClient.ensureQueryData(profileQuery(stored.projectId, stored.userId)));
  quietly(queryClient.ensureQueryData(modulesQuery(stored.projectId)));
}

/** Loads the user, projects, profile and modules of a stored session (the app start of spec 000 §4). */
export function useSessionBootstrap(stored: StoredSession) {
  const [user, projects, profile, modules] = useQueries({
    queries: [
      userQuery(stored.userId, stored.projectId),
      projectsQuery(),
      profileQuery(stored.projectId, stored.userId),
      modulesQuery(stored.projectId),
    ],
  });
  const error = user.error ?? projects.error ?? profile.error ?? modules.error;
  if (error) return { status: 'error' as const, error };
  if (!stored.projectId) return { status: 'no-project' as const };
  if (!user.data || !projects.data || !profile.data || !modules.data) return { status: 'loading' as const };

  const project = projects.data.find((p: Project) => p.id === stored.projectId);
  const roles = profile.data.roles;
  const activeRole = roles.find((r) => r.id === profile.data.profile.activeRole) ?? roles[0];
  if (!project || !activeRole) return { status: 'no-role' as const };
  const folders = new Set(modules.data.map((m) => m.folder));
  const name = `${user.data.first_name} ${user.data.last_name}`.trim();
  const session: Session = {
    token: stored.token,
    user: user.data,
    displayName: name || user.data.username,
    project,
    projects: projects.data,
    profile: profile.data,
    activeRole,
    modules: modules.data,
    hasModule: (folder) => folders.has(folder),
  };
  return { status: 'ready' as const, session };
}

import { useQueries } from '@tanstack/react-query';
import type { Project } from '@vigil/domain';
import { userQuery } from '../../api/auth.ts';
import type { StoredSession } from '../../api/session-store.ts';
import { modulesQuery, profileQuery, projectsQuery } from '../../api/ui.ts';
import type { Session } from '../../session/session-context.ts';

/** Loads the user, projects, profile and modules of a stored session (the app start of requirements#shell-states). */
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

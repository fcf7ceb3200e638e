import { useQueries, useQuery } from '@tanstack/react-query';
import type { User } from '@vigil/domain';
import { useCallback, useMemo } from 'react';
import { useSession } from '../../session/session-context.ts';
import { projectViewOf, restrictionOf, type Actor, type ProjectView, type Restriction } from './user-access.ts';
import { projectProfilesQuery, responderTypesQuery, usersQuery } from './users-api.ts';
import { projectRolesQuery } from '../../api/ui.ts';

/** The signed-in user as the access rules see him. */
export function useActor(): Actor {
  const { user, activeRole, project } = useSession();
  return useMemo(
    () => ({ userId: user.id, roleName: activeRole.name, projectId: project.id }),
    [user.id, activeRole.name, project.id],
  );
}

/**
 * The project's users, and for each why the signed-in user may not manage him (null: he may). Users who
 * also belong to other projects of the signed-in user need those projects' profiles to decide.
 */
export function useUsersData() {
  const { project, projects } = useSession();
  const actor = useActor();
  const users = useQuery(usersQuery(project.id));

  const neededProjects = useMemo(() => {
    const mine = new Set(projects.map((p) => p.id));
    const wanted = new Set((users.data ?? []).flatMap((u) => u.projects).filter((id) => id !== project.id));
    return [...wanted].filter((id) => mine.has(id)).sort();
  }, [users.data, projects, project.id]);

  const others = useQueries({
    queries: neededProjects.map((id) => projectProfilesQuery(id)),
    combine: useCallback(
      (results: { data?: Parameters<typeof projectViewOf>[0]; isPending: boolean }[]) => {
        if (results.some((r) => r.isPending)) return undefined;
        const views = new Map<string, ProjectView>();
        results.forEach((r, i) => {
          if (r.data) views.set(neededProjects[i]!, projectViewOf(r.data, actor.userId));
        });
        return views;
      },
      [neededProjects, actor.userId],
    ),
  });

  const restrictions = useMemo(() => {
    const map = new Map<string, Restriction | null>();
    for (const user of users.data ?? []) map.set(user.id, restrictionOf(actor, user, others));
    return map;
  }, [users.data, actor, others]);

  // A user not yet in the map (a list refreshing after a creation) waits like one still being checked.
  const restrictionOfUser = (user: User): Restriction | null => {
    const restriction = restrictions.get(user.id);
    return restriction === undefined ? 'checking' : restriction;
  };
  return { users, restrictionOf: restrictionOfUser };
}

/** The project's roles and responder types, for the create and edit forms. */
export function useUserFormOptions() {
  const { project } = useSession();
  const roles = useQuery(projectRolesQuery(project.id));
  const responderTypes = useQuery(responderTypesQuery(project.id));
  return { roles, responderTypes };
}

import { useQuery } from '@tanstack/react-query';
import type { User } from '@vigil/domain';
import { API, listAll } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

/** Roles that edit rosters and policies, and may list the project's users to put in them. */
export const CALL_OUT_EDITORS = ['Administrator', 'Manager'];

const fullName = (u: Pick<User, 'first_name' | 'last_name' | 'username'>) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ').trim() || u.username;

/**
 * The project's users as rosters and steps name them. Only administrators and managers may list them;
 * others know their own name, and see other members as "another member".
 */
export function useCallOutPeople() {
  const { project, user, displayName, activeRole } = useSession();
  const editor = CALL_OUT_EDITORS.includes(activeRole.name);
  const users = useQuery({
    queryKey: queryKeys.auth.users(project.id),
    queryFn: () => listAll<User>(`${API.auth}/users`, { quiet: true }),
    enabled: editor,
  });
  const names = new Map((users.data ?? []).map((u) => [u.id, fullName(u)]));
  names.set(user.id, displayName);
  return {
    editor,
    /** the users one may pick, by name */
    users: (users.data ?? [])
      .filter((u) => u.is_active !== false)
      .sort((a, b) => fullName(a).localeCompare(fullName(b))),
    loading: editor && users.isPending,
    nameOf: (id: string): string | null => names.get(id) ?? null,
  };
}

import type { ModuleObject, Project, User, UserProfile } from '@vigil/domain';
import { createContext, useContext } from 'react';

// Outside app/ so that features and components may read the session: the lint keeps them from importing app/.

/** Everything the signed-in application knows about the session, loaded once at start. */
export interface Session {
  token: string;
  user: User;
  /** user name, else the username */
  displayName: string;
  project: Project;
  projects: Project[];
  profile: UserProfile;
  /** profile.activeRole when it is one of the user's roles, else the first role (requirements#shell-states) */
  activeRole: { id: string; name: string };
  modules: ModuleObject[];
  /** whether the user's module list holds this module folder */
  hasModule(folder: string): boolean;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; only for components under the signed-in layout. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() used outside the signed-in application');
  return session;
}

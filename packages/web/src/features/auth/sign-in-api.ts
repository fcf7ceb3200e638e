import type { LoginBody, Project } from '@vigil/domain';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../api/auth.ts';
import { API, listAll } from '../../api/client.ts';

/** A fresh session token before a project is chosen: not stored until the user has a project. */
export interface PendingSession {
  token: string;
  userId: string;
  projects: Project[];
}

/** The user's projects, asked with a token that is not (yet) the stored session's. */
const projectsOf = (token: string) => listAll<Project>(`${API.ui}/projects`, { token, quiet: true });

/** Revokes a token that will not be used; it may already be gone, which is fine. */
export const revokeToken = (token: string) => void authApi.logout(token).catch(() => undefined);

/** Sign-in: the credentials, then the user's projects (sorted by name by the server). */
export function useSignInMutation() {
  return useMutation({
    mutationFn: async (credentials: LoginBody): Promise<PendingSession> => {
      const { token, user_id } = await authApi.login(credentials);
      try {
        return { token, userId: user_id, projects: await projectsOf(token) };
      } catch (error) {
        revokeToken(token);
        throw error;
      }
    },
  });
}

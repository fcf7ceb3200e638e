import { queryOptions } from '@tanstack/react-query';
import type {
  CreateUserBody,
  InviteResponse,
  UpdateUserBody,
  User,
  UserProfile,
  UserProfilePatchBody,
} from '@vigil/domain';
import { API, api, listAll } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** A responder type as a user's default_responder_type refers to it. */
export type ResponderType = NonNullable<User['default_responder_type']>;

const userPath = (id: string) => `${API.auth}/users/${encodeURIComponent(id)}`;

/**
 * The calls of the Users screen (requirements#shell-calls). They are `quiet`: the screen reports failures in its
 * own dialogs and toasts, with the server's field details, rather than in the error dialog.
 */
export const usersApi = {
  /** the users of the session's current project (its data context) */
  list: () => listAll<User>(`${API.auth}/users`, { quiet: true }),
  create: (body: CreateUserBody) => api.post<User>(`${API.auth}/users`, body, { quiet: true }),
  /** merged by the server: send only what changed */
  update: (id: string, changes: UpdateUserBody) => api.patch<User>(userPath(id), changes, { quiet: true }),
  activate: (id: string) => api.post<User>(`${userPath(id)}/activate`, undefined, { quiet: true }),
  deactivate: (id: string) => api.post<User>(`${userPath(id)}/deactivate`, undefined, { quiet: true }),
  invite: (id: string) => api.post<InviteResponse>(`${userPath(id)}/invite`, undefined, { quiet: true }),
  /** removes the user from every project, then the account */
  remove: (id: string) => api.delete(userPath(id), undefined, { quiet: true }),

  profiles: (projectId: string) => listAll<UserProfile>(`${API.ui}/projects/${projectId}/user-profiles`),
  /** a user's roles and default responder type in one project */
  updateProfile: (projectId: string, userId: string, changes: UserProfilePatchBody) =>
    api.patch<UserProfile>(`${API.ui}/projects/${projectId}/user-profiles/${encodeURIComponent(userId)}`, changes, {
      quiet: true,
    }),
  /** the responder types of the session's current project */
  responderTypes: () => listAll<ResponderType>(`${API.registry}/responder-types`),
};

export const usersQuery = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.auth.users(projectId), queryFn: usersApi.list });

export const projectProfilesQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.ui.profiles(projectId),
    queryFn: () => usersApi.profiles(projectId),
    // Only read to know whom the caller may manage there: a project he cannot read is simply left out.
    retry: false,
  });

export const responderTypesQuery = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.registry.responderTypes(projectId), queryFn: usersApi.responderTypes });

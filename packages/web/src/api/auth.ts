import type { LoginBody, LoginResponse, Microservice, PasswordTokenOwner, User } from '@vigil/domain';
import { queryOptions } from '@tanstack/react-query';
import { API, api, listAll } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The auth service calls of requirements#shell-calls. */
export const authApi = {
  login: (body: LoginBody) => api.post<LoginResponse>(`${API.auth}/users/login/`, body, { auth: false }),
  logout: (token: string) => api.post<void>(`${API.auth}/users/logout`, undefined, { token, quiet: true }),
  forgotPassword: (email: string, resetPasswordLink: string) =>
    api.post(`${API.auth}/users/forgot-password`, { email, reset_password_link: resetPasswordLink }, { auth: false }),
  checkResetToken: (token: string) =>
    api.get<PasswordTokenOwner>(`${API.auth}/users/reset-password`, { token, quiet: true }),
  resetPassword: (token: string, body: { new_password: string; confirm_password: string }) =>
    api.post(`${API.auth}/users/reset-password`, body, { token, quiet: true }),
  changePassword: (body: { current_password: string; new_password: string; confirm_password: string }) =>
    api.post(`${API.auth}/users/change-password`, body),
  switchDataContext: (projectId: string, token?: string) =>
    api.post<{ data_context: string }>(
      `${API.auth}/users/switch-data-context/`,
      { data_context: projectId },
      { token },
    ),
  user: (userId: string) => api.get<User>(`${API.auth}/users/${userId}`),
  updateUser: (userId: string, changes: Partial<Pick<User, 'first_name' | 'last_name' | 'email'>>) =>
    api.patch<User>(`${API.auth}/users/${userId}`, changes),
  microservices: () =>
    listAll<Microservice>(`${API.auth}/microservices/`, { query: { fields: 'name,title,version' }, quiet: true }),
};

export const userQuery = (userId: string, projectId: string | null) =>
  queryOptions({ queryKey: [...queryKeys.auth.user(userId), projectId], queryFn: () => authApi.user(userId) });

export const microservicesQuery = () =>
  queryOptions({ queryKey: queryKeys.auth.microservices(), queryFn: authApi.microservices, retry: false });

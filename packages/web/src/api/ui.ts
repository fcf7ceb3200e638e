import type {
  ModuleObject,
  Project,
  ProjectModuleData,
  RoleObject,
  SiteMap,
  UserProfile,
  UserProfilePatchBody,
} from '@vigil/domain';
import { queryOptions } from '@tanstack/react-query';
import { API, api, listAll } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The UI service calls the shell needs (requirements#shell-calls). */
export const uiApi = {
  projects: () => listAll<Project>(`${API.ui}/projects`),
  modules: () => listAll<ModuleObject>(`${API.ui}/modules`),
  profile: (projectId: string, userId: string) =>
    api.get<UserProfile>(`${API.ui}/projects/${projectId}/user-profiles/${userId}`),
  /** The server merges the changes: send only what changed. */
  updateProfile: (projectId: string, userId: string, changes: UserProfilePatchBody) =>
    api.patch<UserProfile>(`${API.ui}/projects/${projectId}/user-profiles/${userId}`, changes),
  moduleData: (projectId: string, moduleId: string) =>
    api.get<ProjectModuleData>(`${API.ui}/projects/${projectId}/modules/${moduleId}`),
  /** `timestamp` is the version the change starts from; the server answers 409 when another saved since. */
  saveModuleData: (
    projectId: string,
    moduleId: string,
    change: { user: string; timestamp: string | null; data: unknown },
  ) =>
    api.put<ProjectModuleData>(
      `${API.ui}/projects/${projectId}/modules/${moduleId}`,
      { action: 'persist', user: change.user, timestamp: change.timestamp ?? undefined, data: change.data },
      { quiet: true },
    ),
  siteMap: (projectId: string) => api.get<SiteMap>(`${API.ui}/projects/${projectId}/site-map`),
  /** The site image needs the session's token, so it is fetched as bytes for an object URL. */
  siteMapImage: (url: string, signal?: AbortSignal) => api.get<Blob>(url, { as: 'blob', quiet: true, signal }),
};

/** Projects are sorted by name by the server. */
export const projectsQuery = () => queryOptions({ queryKey: queryKeys.ui.projects(), queryFn: uiApi.projects });

export const modulesQuery = (projectId: string | null) =>
  queryOptions({ queryKey: queryKeys.ui.modules(projectId), queryFn: uiApi.modules, enabled: Boolean(projectId) });

export const profileQuery = (projectId: string | null, userId: string) =>
  queryOptions({
    queryKey: queryKeys.ui.profile(projectId, userId),
    queryFn: () => uiApi.profile(projectId!, userId),
    enabled: Boolean(projectId),
  });

export const moduleDataQuery = (projectId: string, moduleId: string) =>
  queryOptions({
    queryKey: queryKeys.ui.moduleData(projectId, moduleId),
    queryFn: () => uiApi.moduleData(projectId, moduleId),
  });

/** A project's site map changes only when an administrator replaces its image. */
export const siteMapQuery = (projectId: string | null) =>
  queryOptions({
    queryKey: queryKeys.ui.siteMap(projectId),
    queryFn: () => uiApi.siteMap(projectId!),
    enabled: Boolean(projectId),
    staleTime: 5 * 60_000,
  });

/** The roles of a project, by name: one list under one key for every screen that reads them (Users, Roles). */
export const projectRolesQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.ui.roles(projectId),
    queryFn: () => listAll<RoleObject>(`${API.ui}/projects/${projectId}/roles`),
  });

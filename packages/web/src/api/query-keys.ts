/**
 * The one query-key scheme: [service, resource, ...scope]. Invalidate a whole resource by its
 * prefix, e.g. `queryKeys.ui.modules()` matches every module query of every project.
 */
export const queryKeys = {
  auth: {
    user: (userId?: string) => ['auth', 'user', userId] as const,
    resetToken: (token: string) => ['auth', 'reset-token', token] as const,
    microservices: () => ['auth', 'microservices'] as const,
    permissionGroups: () => ['auth', 'permission-groups'] as const,
  },
  ui: {
    projects: () => ['ui', 'projects'] as const,
    modules: (projectId?: string | null) => ['ui', 'modules', projectId] as const,
    profile: (projectId?: string | null, userId?: string) => ['ui', 'profile', projectId, userId] as const,
    roles: (projectId?: string | null) => ['ui', 'roles', projectId] as const,
  },
  registry: {
    responderTypes: (projectId?: string | null) => ['registry', 'responder-types', projectId] as const,
  },
  static: {
    file: (path: string) => ['static', path] as const,
  },
};

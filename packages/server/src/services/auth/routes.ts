import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directoryRoutes } from './directory-routes.ts';
import { ingestKeyRoutes } from './ingest-key-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { sessionService } from './session-service.ts';
import { userRoutes } from './user-routes.ts';

/** The auth service (`/auth/api/v1`): sessions, passwords, users, permission groups, accounts, versions, ingest keys. */
export const authService: FastifyPluginAsyncZod = async (app) => {
  const sessions = sessionService(app);
  await app.register(sessionRoutes, { sessions });
  await app.register(passwordRoutes, { sessions });
  await app.register(userRoutes, { sessions });
  await app.register(directoryRoutes);
  await app.register(ingestKeyRoutes);
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crossSectionRoutes } from './cross-section-routes.ts';
import { featureRoutes } from './feature-routes.ts';
import { moduleDataRoutes } from './module-data-routes.ts';
import { moduleRoutes } from './module-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { projectRoutes } from './project-routes.ts';
import { roleRoutes } from './role-routes.ts';
import { siteMapRoutes } from './site-map-routes.ts';

/** The UI service: projects, roles, user profiles, modules and their saved state, site maps, cross sections. */
export const uiService: FastifyPluginAsyncZod = async (app) => {
  await app.register(projectRoutes);
  await app.register(roleRoutes);
  await app.register(profileRoutes);
  await app.register(moduleRoutes);
  await app.register(moduleDataRoutes);
  await app.register(featureRoutes);
  await app.register(siteMapRoutes);
  await app.register(crossSectionRoutes);
};

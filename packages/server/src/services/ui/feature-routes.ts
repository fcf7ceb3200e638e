import { projectFeaturesSchema, roleFeaturesPatchBody } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth-hook.ts';
import { featureService } from './feature-service.ts';
import { projectParams } from './params.ts';
import { requireMember } from './project-access.ts';

const tags = ['ui'];

/** The project's feature configuration and role-scoped grants, for its administrators. */
export const featureRoutes: FastifyPluginAsyncZod = async (app) => {
  const features = featureService(app.db, app.dialect);

  app.get(
    '/projects/:id/features',
    { config: { access: 'member' }, schema: { tags, params: projectParams, response: { 200: projectFeaturesSchema } } },
    async (request) => features.get(await requireMember(app.db, request.params.id, requireActor(request).userId)),
  );

  app.patch(
    '/projects/:id/role-features',
    {
      config: { access: 'administrator' },
      schema: { tags, params: projectParams, body: roleFeaturesPatchBody, response: { 200: projectFeaturesSchema } },
    },
    async (request) => {
      const member = await requireMember(app.db, request.params.id, requireActor(request).userId);
      return features.updateRoleFeatures(member, request.body);
    },
  );
};

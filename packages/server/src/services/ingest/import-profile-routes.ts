import { importProfileCreateBody, importProfilePatchBody, importProfileSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes, textFilteredListQuery } from '../../http/resource-routes.ts';
import { importProfileService } from './import-profile-service.ts';

const profileListQuery = textFilteredListQuery('id', 'name', 'format');

/**
 * `/import-profiles`: how a logger's files map to devices (requirements#site-contracts, ADR 0035); curators write,
 * members read.
 */
export const importProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = importProfileService(app.db);
  const profiles = resourceRoutes(app, '/import-profiles', importProfileSchema, {
    tags: ['ingest'],
    access: { read: 'member', write: 'curator' },
  });

  profiles.list({ query: profileListQuery }, ({ actor, query }) => service.list(actor, query));
  profiles.create({ body: importProfileCreateBody }, ({ actor, body }) => service.create(actor, body));
  profiles.get({}, ({ actor, params }) => service.get(actor, params.id));
  profiles.patch({ body: importProfilePatchBody }, ({ actor, params, body }) => service.patch(actor, params.id, body));
  profiles.remove({}, ({ actor, params }) => service.remove(actor, params.id));
};

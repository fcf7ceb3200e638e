import { importProfileCreateBody, importProfilePatchBody, importProfileSchema, listBody } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { filterText, idParams } from '../registry/params.ts';
import { importProfileService } from './import-profile-service.ts';

const tags = ['ingest'];
const profileListQuery = listQuerySchema.extend({
  id: filterText.optional(),
  name: filterText.optional(),
  format: filterText.optional(),
});

/**
 * `/import-profiles`: how a logger's files map to devices (requirements#site-contracts, ADR 0035); curators write,
 * members read.
 */
export const importProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = importProfileService(app.db);

  app.get(
    '/import-profiles',
    {
      config: { access: 'member' },
      schema: { tags, querystring: profileListQuery, response: { 200: listBody(importProfileSchema.partial()) } },
    },
    async (request) => profiles.list(requireProject(request), request.query),
  );
  app.post(
    '/import-profiles',
    {
      config: { access: 'curator' },
      schema: { tags, body: importProfileCreateBody, response: { 201: importProfileSchema } },
    },
    async (request, reply) => reply.code(201).send(await profiles.create(requireProject(request), request.body)),
  );
  app.get(
    '/import-profiles/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, response: { 200: importProfileSchema } } },
    async (request) => profiles.get(requireProject(request), request.params.id),
  );
  app.patch(
    '/import-profiles/:id',
    {
      config: { access: 'curator' },
      schema: { tags, params: idParams, body: importProfilePatchBody, response: { 200: importProfileSchema } },
    },
    async (request) => profiles.patch(requireProject(request), request.params.id, request.body),
  );
  app.delete(
    '/import-profiles/:id',
    { config: { access: 'curator' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await profiles.remove(requireProject(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

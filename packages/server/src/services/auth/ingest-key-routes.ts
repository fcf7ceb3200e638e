import { apiKeyCreateBody, apiKeyCreatedSchema, apiKeySchema, listBody } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { filterText, idParams } from '../registry/params.ts';
import { ingestKeyService } from './ingest-key-service.ts';

const tags = ['auth'];
const keyListQuery = listQuerySchema.extend({
  id: filterText.optional(),
  name: filterText.optional(),
  prefix: filterText.optional(),
});

/**
 * `/api-keys`: the ingest keys of the current project (requirements#site-contracts, ADR 0035), for its administrators.
 * The key itself is in the creation's answer only; it is sent as `Authorization: ApiKey <key>`.
 */
export const ingestKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = ingestKeyService(app.db);

  app.get(
    '/api-keys',
    {
      config: { access: 'administrator' },
      schema: { tags, querystring: keyListQuery, response: { 200: listBody(apiKeySchema.partial()) } },
    },
    async (request) => keys.list(requireProject(request), request.query),
  );
  app.post(
    '/api-keys',
    {
      config: { access: 'administrator' },
      schema: {
        tags,
        body: apiKeyCreateBody,
        response: { 201: apiKeyCreatedSchema },
        description: 'A new key, shown once in this answer: store it in the logger or gateway',
      },
    },
    async (request, reply) => reply.code(201).send(await keys.create(requireProject(request), request.body)),
  );
  app.delete(
    '/api-keys/:id',
    { config: { access: 'administrator' }, schema: { tags, params: idParams, description: 'Revokes the key at once' } },
    async (request, reply) => {
      await keys.revoke(requireProject(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

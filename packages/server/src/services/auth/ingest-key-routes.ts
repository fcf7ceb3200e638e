import { apiKeyCreateBody, apiKeyCreatedSchema, apiKeySchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes, textFilteredListQuery } from '../../http/resource-routes.ts';
import { ingestKeyService } from './ingest-key-service.ts';

const keyListQuery = textFilteredListQuery('id', 'name', 'prefix');

/**
 * `/api-keys`: the ingest keys of the current project (requirements#site-contracts, ADR 0035), for its administrators.
 * The key itself is in the creation's answer only; it is sent as `Authorization: ApiKey <key>`.
 */
export const ingestKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = ingestKeyService(app.db);
  const keys = resourceRoutes(app, '/api-keys', apiKeySchema, {
    tags: ['auth'],
    access: { read: 'administrator', write: 'administrator' },
  });

  keys.list({ query: keyListQuery }, ({ actor, query }) => service.list(actor, query));
  keys.create(
    {
      body: apiKeyCreateBody,
      answer: apiKeyCreatedSchema,
      description: 'A new key, shown once in this answer: store it in the logger or gateway',
    },
    ({ actor, body }) => service.create(actor, body),
  );
  keys.remove({ description: 'Revokes the key at once' }, ({ actor, params }) => service.revoke(actor, params.id));
};

import { listBody as listOf, moduleFeatureSchema, modulePatchBody, moduleSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listInMemory, listQuerySchema, parseListQuery, filterText } from '../../http/list-query.ts';
import { moduleList, moduleService } from './module-service.ts';
import { moduleParams } from './params.ts';

const tags = ['ui'];
const moduleQuery = listQuerySchema.extend({
  path: filterText.optional(),
  folder: filterText.optional(),
  name: filterText.optional(),
  all: z.enum(['true', 'false']).optional(),
});

/** Modules of the session's project (its data context), as the caller's active role sees them. */
export const moduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const modules = moduleService(app.db);

  app.get(
    '/modules',
    {
      config: { access: 'member' },
      schema: { tags, querystring: moduleQuery, response: { 200: listOf(moduleSchema.partial()) } },
    },
    async (request) => {
      const { all, ...rest } = request.query;
      const query = parseListQuery(rest, moduleList);
      return listInMemory(await modules.list(requireProject(request), query, all === 'true'), query);
    },
  );

  app.get(
    '/modules/:id',
    { config: { access: 'member' }, schema: { tags, params: moduleParams, response: { 200: moduleSchema } } },
    async (request) => modules.get(requireProject(request), request.params.id),
  );

  app.patch(
    '/modules/:id',
    {
      config: { access: 'administrator' },
      schema: { tags, params: moduleParams, body: modulePatchBody, response: { 200: moduleSchema } },
    },
    async (request) => modules.updateRoles(requireProject(request), request.params.id, request.body.roles),
  );

  app.get(
    '/modules/:id/features',
    {
      config: { access: 'member' },
      schema: { tags, params: moduleParams, response: { 200: z.array(moduleFeatureSchema) } },
    },
    async (request) => modules.features(requireProject(request), request.params.id),
  );
};

import { listBody as listOf, schemeCreateBody, schemePatchBody, schemeSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject, requireRole } from '../../http/auth-hook.ts';
import { listBody, parseListQuery } from '../../http/list-query.ts';
import { idParams, schemeListQuery } from './params.ts';
import { schemeService } from './scheme-service.ts';
import { schemeList } from './scheme-store.ts';

const tags = ['device-registry'];

export const schemeRoutes: FastifyPluginAsyncZod = async (app) => {
  const schemes = schemeService(app.db);

  app.get(
    '/schemes',
    {
      config: { access: 'member' },
      schema: { tags, querystring: schemeListQuery, response: { 200: listOf(schemeSchema.partial()) } },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const query = parseListQuery(request.query, schemeList);
      const { count, objects } = await schemes.list(projectId, query);
      return listBody(query, count, objects);
    },
  );

  app.get(
    '/schemes/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, response: { 200: schemeSchema } } },
    async (request) => schemes.get(requireProject(request).projectId, request.params.id),
  );

  app.post(
    '/schemes',
    { config: { access: 'administrator' }, schema: { tags, body: schemeCreateBody, response: { 201: schemeSchema } } },
    async (request, reply) => {
      const { projectId } = requireRole(request, 'Administrator');
      return reply.code(201).send(await schemes.create(projectId, request.body));
    },
  );

  app.patch(
    '/schemes/:id',
    {
      config: { access: 'administrator' },
      schema: { tags, params: idParams, body: schemePatchBody, response: { 200: schemeSchema } },
    },
    async (request) => {
      const { projectId } = requireRole(request, 'Administrator');
      return schemes.update(projectId, request.params.id, request.body);
    },
  );
};

import { listBody as listOf, projectSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth-hook.ts';
import { listBody, listQuerySchema, parseListQuery, filterText } from '../../http/list-query.ts';
import { projectParams } from './params.ts';
import { projectService } from './project-service.ts';
import { projectList } from './project-store.ts';

const tags = ['ui'];
const projectQuery = listQuerySchema.extend({ name: filterText.optional(), slug: filterText.optional() });

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectService(app.db);

  app.get(
    '/projects',
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: projectQuery, response: { 200: listOf(projectSchema.partial()) } },
    },
    async (request) => {
      const query = parseListQuery(request.query, projectList);
      const { count, objects } = await projects.list(requireActor(request).userId, query);
      return listBody(query, count, objects);
    },
  );

  app.get(
    '/projects/:id',
    { config: { access: 'member' }, schema: { tags, params: projectParams, response: { 200: projectSchema } } },
    async (request) => projects.get(requireActor(request).userId, request.params.id),
  );
};

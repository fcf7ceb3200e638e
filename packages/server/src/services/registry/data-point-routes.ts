import { dataPointCreateBody, dataPointSchema, listBody as listOf } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { dataPointService } from './data-point-service.ts';
import { dataPointList } from './data-point-store.ts';
import { dataPointListQuery, idParams } from './params.ts';
import { parseRegistryQuery } from './registry-query.ts';

const tags = ['device-registry'];

export const dataPointRoutes: FastifyPluginAsyncZod = async (app) => {
  const dataPoints = dataPointService(app.db);

  app.get(
    '/data-points',
    {
      config: { access: 'member' },
      schema: { tags, querystring: dataPointListQuery, response: { 200: listOf(dataPointSchema.partial()) } },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const { query, filters } = parseRegistryQuery(request.query, dataPointList, ['monitored_entity_ids']);
      return dataPoints.list(projectId, query, filters);
    },
  );

  app.post(
    '/data-points',
    {
      config: { access: 'curator' },
      schema: { tags, body: dataPointCreateBody, response: { 201: dataPointSchema } },
    },
    async (request, reply) => {
      const { projectId } = requireProject(request);
      return reply.code(201).send(await dataPoints.create(projectId, request.body));
    },
  );

  app.delete(
    '/data-points/:id',
    { config: { access: 'curator' }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { projectId } = requireProject(request);
      await dataPoints.remove(projectId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

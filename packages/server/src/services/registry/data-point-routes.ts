import { dataPointCreateBody, dataPointSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../http/resource-routes.ts';
import { dataPointService } from './data-point-service.ts';
import { dataPointList } from './data-point-store.ts';
import { dataPointListQuery } from './params.ts';
import { parseRegistryQuery } from './registry-query.ts';

export const dataPointRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = dataPointService(app.db);
  const dataPoints = resourceRoutes(app, '/data-points', dataPointSchema, {
    tags: ['device-registry'],
    access: { read: 'member', write: 'curator' },
  });

  dataPoints.list({ query: dataPointListQuery }, ({ actor, query }) => {
    const { query: listQuery, filters } = parseRegistryQuery(query, dataPointList, ['monitored_entity_ids']);
    return service.list(actor.projectId, listQuery, filters);
  });
  dataPoints.create({ body: dataPointCreateBody }, ({ actor, body }) => service.create(actor.projectId, body));
  dataPoints.remove({ documentEmpty: true }, ({ actor, params }) => service.remove(actor.projectId, params.id));
};

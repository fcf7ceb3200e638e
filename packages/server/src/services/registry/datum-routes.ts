import { inclinometerDatumCreateBody, inclinometerDatumSchema, readingSetQuery, readingSetSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listBody, listQuerySchema, parseListQuery } from '../../http/list-query.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import { datumService } from './datum-service.ts';
import { datumList } from './datum-store.ts';
import { idParams } from './params.ts';

const tags = ['device-registry'];

/** `instruments/{id}/datums` (ADR 0041): the reading set an inclinometer's displacement is measured from. */
export const datumRoutes: FastifyPluginAsyncZod = async (app) => {
  const datums = datumService(app.db);

  const ofInstrument = resourceRoutes(app, '/instruments/:id/datums', inclinometerDatumSchema, {
    tags,
    access: { read: 'member', write: 'curator' },
    params: idParams,
  });

  ofInstrument.list(
    { query: listQuerySchema, description: 'Every datum set, the one in effect (set last) first' },
    async ({ actor, params, query }) => {
      const listQuery = parseListQuery(query, datumList);
      const { count, objects } = await datums.list(actor.projectId, params.id, listQuery);
      return listBody(listQuery, count, objects);
    },
  );
  ofInstrument.create(
    {
      body: inclinometerDatumCreateBody,
      description: 'Sets the datum to one of the instrument’s reading sets; 400 when it has none at datum_at',
    },
    ({ actor, params, body }) => datums.create(actor, params.id, body),
  );

  app.get(
    '/instruments/:id/reading-sets',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        querystring: readingSetQuery,
        response: { 200: z.object({ objects: z.array(readingSetSchema) }) },
        description: 'The read_at of each set of readings stored between two times, newest first (at most 500)',
      },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      return { objects: await datums.readingSets(projectId, request.params.id, request.query) };
    },
  );
};

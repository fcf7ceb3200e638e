import {
  inclinometerDatumCreateBody,
  inclinometerDatumSchema,
  listBody as listOf,
  readingSetQuery,
  readingSetSchema,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listBody, listQuerySchema, parseListQuery } from '../../http/list-query.ts';
import { datumService } from './datum-service.ts';
import { datumList } from './datum-store.ts';
import { idParams } from './params.ts';

const tags = ['device-registry'];

/** `instruments/{id}/datums` (ADR 0041): the reading set an inclinometer's displacement is measured from. */
export const datumRoutes: FastifyPluginAsyncZod = async (app) => {
  const datums = datumService(app.db);

  app.get(
    '/instruments/:id/datums',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: listOf(inclinometerDatumSchema.partial()) },
        description: 'Every datum set, the one in effect (set last) first',
      },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const query = parseListQuery(request.query, datumList);
      const { count, objects } = await datums.list(projectId, request.params.id, query);
      return listBody(query, count, objects);
    },
  );

  app.post(
    '/instruments/:id/datums',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        params: idParams,
        body: inclinometerDatumCreateBody,
        response: { 201: inclinometerDatumSchema },
        description: 'Sets the datum to one of the instrument’s reading sets; 400 when it has none at datum_at',
      },
    },
    async (request, reply) => {
      const created = await datums.create(requireProject(request), request.params.id, request.body);
      return reply.code(201).send(created);
    },
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

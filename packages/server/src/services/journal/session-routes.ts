import { dataSessionCreateBody, dataSessionPatchBody, dataSessionSchema, listBody } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { filterText, idParams } from '../registry/params.ts';
import { journalStore } from './journal-store.ts';
import { sessionService } from './session-service.ts';

const tags = ['journal'];
const sessionListQuery = listQuerySchema.extend({
  id: filterText.optional(),
  author: filterText.optional(),
  status: z.enum(['open', 'submitted']).optional(),
});

/** Data sessions of manual readings (requirements#service-contracts): every member keeps their own. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = sessionService(journalStore(app.db));

  app.get(
    '/data-sessions',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: sessionListQuery,
        response: {
          200: listBody(dataSessionSchema.partial()),
        },
      },
    },
    async (request) => sessions.list(requireProject(request).projectId, request.query),
  );
  app.post(
    '/data-sessions',
    {
      config: { access: 'member' },
      schema: { tags, body: dataSessionCreateBody, response: { 201: dataSessionSchema } },
    },
    async (request, reply) => reply.code(201).send(await sessions.create(requireProject(request), request.body)),
  );
  app.get(
    '/data-sessions/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, response: { 200: dataSessionSchema } } },
    async (request) => sessions.get(requireProject(request).projectId, request.params.id),
  );
  app.patch(
    '/data-sessions/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        body: dataSessionPatchBody,
        response: { 200: dataSessionSchema },
        description: 'Renames, or submits (status: submitted) the session',
      },
    },
    async (request) => sessions.patch(requireProject(request), request.params.id, request.body),
  );
};

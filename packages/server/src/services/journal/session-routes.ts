import { dataSessionCreateBody, dataSessionPatchBody, dataSessionSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceRoutes, textFilteredListQuery } from '../../http/resource-routes.ts';
import { journalStore } from './journal-store.ts';
import { sessionService } from './session-service.ts';

const tags = ['journal'];
const sessionListQuery = textFilteredListQuery('id', 'author').extend({
  status: z.enum(['open', 'submitted']).optional(),
});

/** Data sessions of manual readings (requirements#service-contracts): every member keeps their own. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = sessionService(journalStore(app.db));
  const sessions = resourceRoutes(app, '/data-sessions', dataSessionSchema, {
    tags,
    access: { read: 'member', write: 'member' },
  });

  sessions.list({ query: sessionListQuery }, ({ actor, query }) => service.list(actor.projectId, query));
  sessions.create({ body: dataSessionCreateBody }, ({ actor, body }) => service.create(actor, body));
  sessions.get({}, ({ actor, params }) => service.get(actor.projectId, params.id));
  sessions.patch(
    { body: dataSessionPatchBody, description: 'Renames, or submits (status: submitted) the session' },
    ({ actor, params, body }) => service.patch(actor, params.id, body),
  );
};

import { onCallTurnSchema, rosterBody, rosterOnCallSchema, rosterSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { resourceRoutes, textFilteredListQuery } from '../../http/resource-routes.ts';
import { idParams } from '../registry/params.ts';
import { rosterService } from './roster-service.ts';

const tags = ['call-out'];

/** `/rosters` of the current project (DESIGN §3.2): everyone reads, administrators and managers edit. */
export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = rosterService(app.db);

  // before `/rosters/:id`, which it would otherwise look like
  app.get(
    '/rosters/on-call',
    {
      config: { access: 'member' },
      schema: {
        tags,
        description: 'Who is on call now and next on every roster of the project',
        response: { 200: z.object({ objects: z.array(rosterOnCallSchema) }) },
      },
    },
    async (request) => service.allOnCall(requireProject(request)),
  );
  app.get(
    '/rosters/:id/on-call',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ at: z.iso.datetime({ offset: true }).optional() }),
        response: { 200: onCallTurnSchema },
      },
    },
    async (request) => service.onCall(requireProject(request), request.params.id, request.query.at),
  );

  const rosters = resourceRoutes(app, '/rosters', rosterSchema, { tags, access: { read: 'member', write: 'curator' } });
  rosters.list({ query: textFilteredListQuery('id', 'name') }, ({ actor, query }) => service.list(actor, query));
  rosters.create({ body: rosterBody }, ({ actor, body }) => service.create(actor, body));
  rosters.get({}, ({ actor, params }) => service.get(actor, params.id));
  rosters.patch({ body: rosterBody, description: 'Takes the whole roster, as POST does' }, ({ actor, params, body }) =>
    service.update(actor, params.id, body),
  );
  rosters.remove({}, ({ actor, params }) => service.remove(actor, params.id));
};

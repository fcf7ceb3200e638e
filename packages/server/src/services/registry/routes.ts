import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listBody, listQuerySchema, parseListQuery } from '../../http/list-query.ts';
import { presentResponderType } from './responder-type-presenter.ts';
import { listResponderTypes, responderTypeList } from './store.ts';

const responderTypeQuery = listQuerySchema.extend({
  name: z
    .string()
    .max(150)
    .regex(/^[^\0]*$/)
    .optional(),
});

/** Device registry: for now, the responder types that user profiles refer to (issue 5 adds devices). */
export const registryService: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/responder-types',
    { schema: { tags: ['device-registry'], querystring: responderTypeQuery } },
    async (request) => {
      const { projectId } = requireProject(request);
      const query = parseListQuery(request.query, responderTypeList);
      const { count, rows } = await listResponderTypes(app.db, projectId, query);
      return listBody(query, count, rows.map(presentResponderType));
    },
  );
};

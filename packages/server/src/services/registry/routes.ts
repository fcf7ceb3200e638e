import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listBody, listQuerySchema, parseListQuery, runListQuery, type ListSpec } from '../../http/list-query.ts';

const responderTypeList: ListSpec = {
  columns: { id: 'id', name: 'name', title: 'title' },
  filters: ['name'],
  defaultOrdering: 'title',
  tieBreaker: 'id',
};

/** Device registry: for now, the responder types that user profiles refer to (issue 5 adds devices). */
export const registryService: FastifyPluginAsyncZod = async (app) => {
  app.get('/responder-types', { schema: { tags: ['device-registry'], querystring: listQuerySchema } }, async (request) => {
    const { projectId } = requireProject(request);
    const query = parseListQuery(request.query, responderTypeList);
    const { count, rows } = await runListQuery(
      app.db.selectFrom('responder_types').select(['id', 'name', 'title']).where('project_id', '=', projectId),
      query,
      responderTypeList,
    );
    return listBody(query, count, rows);
  });
};

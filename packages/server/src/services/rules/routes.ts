import { EVENTS_PAGE_SIZE } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { notFound } from '../../http/errors.ts';
import { listQuerySchema, parseListQuery } from '../../http/list-query.ts';
import { idParams, singleQuery } from '../registry/params.ts';
import { selectOne } from '../registry/registry-query.ts';
import { eventList, findExecution, listEvents } from './history-store.ts';

const tags = ['rules-engine'];
const idList = z
  .string()
  .max(65_000)
  .regex(/^[A-Za-z0-9_,-]*$/, 'Use a comma-separated list of ids or names');
const eventQuery = listQuerySchema.extend({
  monitored_entity_ids: idList.optional(),
  types: idList.optional(),
  rule_types: idList.optional(),
  id: idList.optional(),
  'created_at.from_time': z.string().max(40).optional(),
  'created_at.to_time': z.string().max(40).optional(),
});

/**
 * The rules engine's read side (requirements#monitoring-calls): events and state rule executions. The engine itself runs in the
 * app (app.ts).
 */
export const rulesService: FastifyPluginAsyncZod = async (app) => {
  app.get('/events', { config: { access: 'member' }, schema: { tags, querystring: eventQuery } }, async (request) => {
    const { projectId } = requireProject(request);
    const query = parseListQuery(request.query, eventList);
    return listEvents(app.db, projectId, {
      ...query,
      paginateBy: request.query.paginate_by ?? EVENTS_PAGE_SIZE,
    });
  });

  app.get(
    '/state-rule-executions/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, querystring: singleQuery } },
    async (request) => {
      const { projectId } = requireProject(request);
      const execution = await findExecution(app.db, projectId, request.params.id);
      if (!execution) throw notFound();
      return selectOne(execution, request.query);
    },
  );
};

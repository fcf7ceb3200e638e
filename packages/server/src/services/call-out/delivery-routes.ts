import {
  deliveryListQuery,
  deliverySchema,
  listBody,
  type ContactKind,
  type Delivery,
  type DeliveryStatus,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { notFound } from '../../http/errors.ts';
import { deliveryStore, type AlarmDeliveryRow } from './delivery-store.ts';

export function presentDelivery(row: AlarmDeliveryRow): Delivery {
  return {
    id: row.id,
    alarm_id: row.alarm_id,
    step: row.step,
    channel: row.channel as ContactKind,
    user_id: row.user_id,
    address: row.address,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    created_at: row.created_at,
    sent_at: row.sent_at,
    error: row.error,
  };
}

/** `GET /deliveries?alarm_id=` (DESIGN §3.2): an alarm's delivery log, newest first, for the members of its project. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = deliveryStore(app.db);
  app.get(
    '/deliveries',
    {
      config: { access: 'member' },
      schema: { tags: ['call-out'], querystring: deliveryListQuery, response: { 200: listBody(deliverySchema) } },
    },
    async (request) => {
      const actor = requireProject(request);
      const { alarm_id, paginate_by, page } = request.query;
      if (!(await store.alarmInProject(alarm_id, actor.projectId))) throw notFound();
      const { rows, count } = await store.listOfAlarm(alarm_id, paginate_by, (page - 1) * paginate_by);
      return { count, page, paginate_by, objects: rows.map(presentDelivery) };
    },
  );
};

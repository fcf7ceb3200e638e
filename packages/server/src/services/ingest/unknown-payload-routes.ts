import { idSchema, splitList } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { notFound } from '../../http/errors.ts';
import { selectFields } from '../../http/list-query.ts';
import { presentUnknownPayload } from './unknown-payload-presenter.ts';
import { findUnknownPayload } from './store.ts';

const params = z.object({ id: idSchema });
const fieldList = z.string().max(2000).optional();
const query = z.strictObject({ fields: fieldList, excluded_fields: fieldList, token: z.string().max(200).optional() });
const unknownPayloadSchema = z.object({
  id: z.string(),
  eid: z.string().nullable(),
  payload_type: z.string().describe('unknown_eid or invalid_payload'),
  reason: z.string(),
  incoming_payload: z.unknown(),
  received_at: z.string(),
});

/** `GET unknown-payloads/{id}` of the metrics provider (requirements#monitoring-calls); the payloads are ingest's. */
export const unknownPayloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/unknown-payloads/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['metrics-provider'],
        params,
        querystring: query,
        response: { 200: unknownPayloadSchema.partial() },
      },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const record = await findUnknownPayload(app.db, projectId, request.params.id);
      if (!record) throw notFound();
      return selectFields(
        presentUnknownPayload(record),
        splitList(request.query.fields),
        splitList(request.query.excluded_fields),
      );
    },
  );
};

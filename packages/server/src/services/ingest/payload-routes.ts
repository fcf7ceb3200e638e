import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../http/auth-hook.ts';
import { ingestResultSchema, payloadsBody } from './payload-shape.ts';
import { ingestPayloads } from './pipeline.ts';

export const payloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payloads',
    {
      schema: { tags: ['ingest'], body: payloadsBody, response: { 200: ingestResultSchema } },
      // The schema documents the body; the pipeline checks it (as it does for MQTT), naming item and field.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const { projectId } = requireRole(request, 'Administrator', 'Manager');
      return ingestPayloads(app, projectId, request.body, 'http');
    },
  );
};

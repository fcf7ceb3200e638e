import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIngester, requireProject } from '../../http/auth-hook.ts';
import { validationError } from '../../http/errors.ts';
import { jsonBodyReader } from '../../http/json-body.ts';
import { ingestResultSchema, onlyManual, payloadsBody } from './payload-shape.ts';
import { ingestPayloads, recordInvalidPayload } from './pipeline.ts';

const EID_IN_TEXT = /"eid"\s*:\s*"([^"\\]{1,100})"/;

export const payloadRoutes: FastifyPluginAsyncZod = async (app) => {
  // A body that is not JSON is refused, and kept as an invalid payload (with its event) when the
  // sender may ingest: a logger sending garbage is something to see, as over MQTT.
  const read = jsonBodyReader(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, async (request: FastifyRequest, body: string) => {
    try {
      return await read(request, body);
    } catch (error) {
      const reason = `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
      let projectId: string | null = null;
      try {
        projectId = requireIngester(request, 'Administrator', 'Manager').projectId;
      } catch {
        // not allowed to ingest: nothing is kept
      }
      if (projectId)
        await recordInvalidPayload(app, projectId, { eid: EID_IN_TEXT.exec(body)?.[1] ?? null, text: body, reason });
      throw validationError('The payload is not valid JSON', { non_field_errors: [reason] });
    }
  });

  app.post(
    '/payloads',
    {
      config: { access: 'member', apiKey: true },
      schema: {
        tags: ['ingest'],
        security: [{ token: [] }, { ingestKey: [] }],
        body: payloadsBody,
        response: { 200: ingestResultSchema },
        description:
          'One payload or an array. Example: curl -H "Authorization: ApiKey vk_…" -H "content-type: application/json" -d \'{"eid": "PZ-01", "read_at": "2026-11-20T10:00:00Z", "raw_metrics": {"pressure": 101.3}}\' …/ingest/api/v1/payloads',
      },
      // The schema documents the body; the pipeline checks it (as it does for MQTT), naming item and field.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      // Operators enter readings by hand (ADR 0006, 0027); loggers' payloads come with ingest keys
      // (ADR 0035), which enter no manual readings, or from administrators and managers.
      if (onlyManual(request.body) && !request.actor?.apiKey) {
        const actor = requireProject(request);
        return ingestPayloads(app, actor.projectId, request.body, 'http', { enteredBy: actor.username });
      }
      const { projectId, key } = requireIngester(request, 'Administrator', 'Manager');
      return ingestPayloads(app, projectId, request.body, 'http', { scope: key?.entityIds ?? null });
    },
  );
};

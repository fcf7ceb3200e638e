import multipart from '@fastify/multipart';
import { importSchema, listBody } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIngester, requireProject } from '../../http/auth-hook.ts';
import { HttpError, validationError } from '../../http/errors.ts';
import { listQuerySchema, filterText } from '../../http/list-query.ts';
import { idParams } from '../registry/params.ts';
import type { ImportService } from './import-service.ts';

const tags = ['ingest'];
const importListQuery = listQuerySchema.extend({
  id: filterText.optional(),
  profile: filterText.optional(),
  status: filterText.optional(),
  file_name: filterText.optional(),
  origin: filterText.optional(),
  created_by: filterText.optional(),
});

/** What busboy throws for a form without a boundary or cut short: the client's fault, never a 500. */
const MALFORMED_FORM = /^(Multipart: Boundary not found|Unexpected end of multipart data)$/;

/**
 * `/imports`: logger files (TOA5, CSV) sent with their profile, imported in the background
 * (requirements#site-contracts, ADR 0035). Curators, or an ingest key, send them; members follow them.
 */
export const importRoutes: FastifyPluginAsyncZod<{ imports: ImportService; maxBytes: number }> = async (
  app,
  { imports, maxBytes },
) => {
  // One file per request, streamed to disk; the service refuses the byte after the limit.
  await app.register(multipart, { limits: { fileSize: maxBytes + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });

  app.post(
    '/imports',
    {
      config: { access: 'curator', apiKey: true },
      schema: {
        tags,
        security: [{ token: [] }, { ingestKey: [] }],
        consumes: ['multipart/form-data'],
        response: { 202: importSchema },
        description:
          'multipart/form-data: profile (an import profile id) and file (TOA5 or CSV, at most IMPORT_MAX_BYTES); answers 202 and imports in the background. Example: curl -H "Authorization: ApiKey vk_…" -F profile=<id> -F file=@CR6_Table1.dat …/ingest/api/v1/imports',
      },
    },
    async (request, reply) => {
      const ingester = requireIngester(request, 'Administrator', 'Manager');
      try {
        if (!request.isMultipart()) {
          throw new HttpError(415, 'UnsupportedMediaType', 'A logger file is sent as multipart/form-data');
        }
        const created = await imports.upload(ingester, request.parts() as never);
        return reply.code(202).send(created);
      } catch (error) {
        // A refusal leaves the rest of the body unread on the socket: the connection ends with the answer.
        reply.header('connection', 'close');
        if (!(error instanceof HttpError) && MALFORMED_FORM.test((error as Error).message)) {
          throw validationError('The upload is not a well-formed multipart form', { file: ['Send the form again'] });
        }
        throw error;
      }
    },
  );
  app.get(
    '/imports',
    {
      config: { access: 'member' },
      schema: { tags, querystring: importListQuery, response: { 200: listBody(importSchema.partial()) } },
    },
    async (request) => imports.list(requireProject(request).projectId, request.query),
  );
  app.get(
    '/imports/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        response: { 200: importSchema },
        description: 'An import and its progress (rows_done of rows_total) and result',
      },
    },
    async (request) => imports.get(requireProject(request).projectId, request.params.id),
  );
};

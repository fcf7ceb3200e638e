import { isPublicMedia, mediaFileSchema, uploadPartSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromJson } from '../../db/values.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { findMembership } from '../auth/session-store.ts';
import { idParams } from '../registry/params.ts';
import { byteRange } from './byte-range.ts';
import type { MediaContext } from './media-context.ts';
import type { UploadFields } from './upload-service.ts';

const tags = ['media'];
const UPLOAD_FIELDS = new Set<keyof UploadFields>(['ticket', 'offset', 'complete']);

/** Types a browser may show in place; anything else is served as a download. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|svg\+xml)|video\/[\w.+-]+|application\/pdf|text\/(plain|csv))$/;

/** `attachment; filename="…"` with a plain-ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', filename: string) {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Bytes in and out: the ticketed multipart upload, and the files' content (ADR 0025). */
export const contentRoutes: FastifyPluginAsyncZod<{ media: MediaContext }> = async (app, { media }) => {
  const { store, storage, uploads } = media;

  app.post(
    '/files/:id/upload',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        // The ticket of upload-url stands for the session, as a presigned POST does for S3.
        security: [],
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: mediaFileSchema, 202: uploadPartSchema },
        description:
          'The fields of upload-url, then file; in parts: offset (bytes received) and complete=false but on the last',
      },
    },
    async (request, reply) => {
      const fields: UploadFields = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          const name = part.fieldname as keyof UploadFields;
          if (UPLOAD_FIELDS.has(name)) fields[name] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file') throw validationError('Unknown file field', { [part.fieldname]: ['Send file'] });
        const result = await uploads.receive(request.params.id, fields, part.file);
        return 'received' in result ? reply.code(202).send(result) : result;
      }
      throw validationError('The form has no file', { file: ['Required'] });
    },
  );

  app.get(
    '/files/:id/content',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        security: [],
        params: idParams,
        description:
          'The bytes: public files to anyone; others to members of their project, with a session. One Range is served (206), so videos seek',
      },
    },
    async (request, reply) => {
      const row = await store.findAnywhere(request.params.id);
      if (!row?.storage_key || !row.processed_at) throw notFound();
      if (!isPublicMedia(fromJson(row.attrs, {}))) {
        const actor = request.actor;
        const member = actor && (await findMembership(app.db, row.project_id, actor.userId));
        if (!member) throw notFound();
      }
      const range = row.size === null ? null : byteRange(request.headers.range, row.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${row.size}`).send();
      }
      const stream = await storage.read(row.storage_key, range ?? undefined);
      if (!stream) throw notFound();
      const inline = INLINE_TYPES.test(row.mime_type);
      reply
        .type(inline ? row.mime_type : 'application/octet-stream')
        .header('accept-ranges', 'bytes')
        .header('content-disposition', disposition(inline ? 'inline' : 'attachment', row.original_filename))
        .header('x-content-type-options', 'nosniff')
        .header(
          'cache-control',
          isPublicMedia(fromJson(row.attrs, {})) ? 'public, max-age=86400' : 'private, max-age=3600',
        );
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${row.size}`)
          .header('content-length', range.end - range.start + 1);
      } else if (row.size !== null) reply.header('content-length', row.size);
      // Nothing served here runs in Vigil's origin: an SVG's scripts, say. Chrome's PDF viewer does not
      // open in a sandbox, and a PDF's scripts run in the viewer, not in the page.
      if (row.mime_type !== 'application/pdf') {
        reply.header(
          'content-security-policy',
          "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
        );
      }
      return reply.send(stream);
    },
  );
};

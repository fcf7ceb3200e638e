import { isPublicMedia, mediaFileSchema, uploadPartSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromJson } from '../../db/values.ts';
import { HttpError, notFound, validationError } from '../../http/errors.ts';
import { findMembership } from '../auth/session-store.ts';
import { idParams } from '../registry/params.ts';
import { byteRange } from './byte-range.ts';
import type { MediaContext } from './media-context.ts';
import type { UploadFields } from './upload-service.ts';

const tags = ['media'];
/** A private file's signed URL (content-urls.ts); anything else in the query is ignored. */
const contentQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });
const UPLOAD_FIELDS = new Set<keyof UploadFields>(['ticket', 'offset', 'complete']);

/** Types a browser may show in place; anything else is served as a download. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|svg\+xml)|video\/[\w.+-]+|application\/pdf|text\/(plain|csv))$/;

/** `attachment; filename="…"` with a plain-ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', filename: string) {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** What busboy throws for a form without a boundary or cut short: the client's fault, never a 500. */
const MALFORMED_FORM = /^(Multipart: Boundary not found|Unexpected end of multipart data)$/;

/** Bytes in and out: the ticketed multipart upload, and the files' content (ADR 0025). */
export const contentRoutes: FastifyPluginAsyncZod<{ media: MediaContext }> = async (app, { media }) => {
  const { store, storage, uploads, urls } = media;

  async function isMember(userId: string | undefined, projectId: string) {
    return !!userId && !!(await findMembership(app.db, projectId, userId));
  }

  app.post(
    '/files/:id/upload',
    {
      config: { access: 'public' },
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
      try {
        if (!request.isMultipart()) {
          throw new HttpError(415, 'UnsupportedMediaType', 'An upload is sent as multipart/form-data');
        }
        const fields: UploadFields = {};
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            const name = part.fieldname as keyof UploadFields;
            if (UPLOAD_FIELDS.has(name)) fields[name] = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file') {
            throw validationError('Unknown file field', { [part.fieldname]: ['Send file'] });
          }
          const result = await uploads.receive(request.params.id, fields, part.file);
          return 'received' in result ? reply.code(202).send(result) : result;
        }
        throw validationError('The form has no file', { file: ['Required'] });
      } catch (error) {
        // A refusal leaves the rest of the body unread on the socket, where a keep-alive client's next
        // request would wait behind it for ever: the connection ends with the answer (Node closes
        // the socket once a 'connection: close' answer is sent), and the client opens another.
        reply.header('connection', 'close');
        if (!(error instanceof HttpError) && MALFORMED_FORM.test((error as Error).message)) {
          throw validationError('The upload is not a well-formed multipart form', { file: ['Send the form again'] });
        }
        throw error;
      }
    },
  );

  app.get(
    '/files/:id/content',
    {
      config: { access: 'signature' },
      schema: {
        tags,
        security: [],
        params: idParams,
        querystring: contentQuery,
        description:
          'The bytes: public files to anyone; private ones by the signed URL of their public_url (expires, signature), or to members of their project with a session. One Range is served (206), so videos seek',
      },
    },
    async (request, reply) => {
      const row = await store.findAnywhere(request.params.id);
      if (!row?.storage_key || !row.processed_at) throw notFound();
      const isPublic = isPublicMedia(fromJson(row.attrs, {}));
      if (
        !isPublic &&
        !(await urls.verify(row.id, request.query.expires, request.query.signature)) &&
        !(await isMember(request.actor?.userId, row.project_id))
      ) {
        throw notFound();
      }
      const range = row.size === null ? null : byteRange(request.headers.range, row.size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${row.size}`);
        throw new HttpError(416, 'RangeNotSatisfiable', 'The range starts past the end of the file');
      }
      const stream = await storage.read(row.storage_key, range ?? undefined);
      if (!stream) throw notFound();
      const inline = INLINE_TYPES.test(row.mime_type);
      reply
        .type(inline ? row.mime_type : 'application/octet-stream')
        .header('accept-ranges', 'bytes')
        .header('content-disposition', disposition(inline ? 'inline' : 'attachment', row.original_filename))
        .header('x-content-type-options', 'nosniff')
        // A signed URL lasts at least an hour: a private file's own browser may keep it that long.
        .header('cache-control', isPublic ? 'public, max-age=86400' : 'private, max-age=3600');
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

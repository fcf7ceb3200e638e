import {
  checkUriSchema,
  MEDIA_MESSAGES,
  mediaFileCreateBody,
  mediaFilePatchBody,
  mediaFileSchema,
  uploadUrlSchema,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { validationError } from '../../http/errors.ts';
import { listQuerySchema, selectFields, filterText } from '../../http/list-query.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import { booleanText, idParams, singleQuery } from '../registry/params.ts';
import { makesThumbnails } from './image-processing.ts';
import type { MediaContext } from './media-context.ts';
import { taskPath } from './media-presenter.ts';

const tags = ['media'];
const fileListQuery = listQuerySchema.extend({
  exclude_thumbnails: booleanText.optional(),
  id: filterText.optional(),
  label: filterText.optional(),
  original_filename: filterText.optional(),
  mime_type: filterText.optional(),
});

/** Files of the caller's project (requirements#monitoring-calls): the record, its upload URL and its processing. */
export const fileRoutes: FastifyPluginAsyncZod<{ media: MediaContext }> = async (app, { media }) => {
  const { files, uploads, tasks } = media;

  /** The file, uploaded: processing and thumbnails need its bytes. */
  async function uploadedFile(projectId: string, id: string) {
    const row = await files.requireFile(projectId, id);
    if (!row.is_uploaded) throw validationError(MEDIA_MESSAGES.notUploaded);
    return row;
  }

  const fileRecords = resourceRoutes(app, '/files', mediaFileSchema, {
    tags,
    access: { read: 'member', write: 'member' },
  });

  fileRecords.list(
    {
      query: fileListQuery,
      description: 'Uploaded files, newest first; exclude_thumbnails=false lists thumbnails too',
    },
    ({ actor, query }) => files.list(actor.projectId, query),
  );

  fileRecords.get({ query: singleQuery, answer: mediaFileSchema.partial() }, async ({ actor, params, query }) => {
    const file = await files.get(actor.projectId, params.id);
    const split = (v?: string) => v?.split(',').map((s) => s.trim());
    return selectFields(file, split(query.fields), split(query.excluded_fields));
  });

  fileRecords.create(
    {
      body: mediaFileCreateBody,
      description: 'Creates the record of a file before its bytes; 409 when its label or file name is taken',
    },
    ({ actor, body }) => files.create(actor, body),
  );
  fileRecords.patch({ body: mediaFilePatchBody }, ({ actor, params, body }) => files.patch(actor, params.id, body));
  fileRecords.remove({ description: 'Deletes the file, its thumbnails and their bytes' }, async ({ actor, params }) => {
    await files.remove(actor, params.id);
    await uploads.discard(params.id);
  });

  app.get(
    '/files/:id/upload-url',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        response: { 200: uploadUrlSchema },
        description: 'Where to POST the bytes (multipart: the fields, then file), and how many have come',
      },
    },
    async (request) => uploads.uploadUrl(requireProject(request), request.params.id),
  );

  app.get(
    '/files/:id/process',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        response: { 200: mediaFileSchema },
        description: 'Processes an uploaded file; public_url appears when done (poll the file until then)',
      },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const row = await uploadedFile(projectId, request.params.id);
      if (!row.processed_at) await tasks.process(row);
      return files.get(projectId, row.id);
    },
  );

  app.get(
    '/files/:id/process-thumbnails',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        response: { 200: checkUriSchema },
        description: "Starts making the thumbnails of the file's thumbnail type; poll check_uri",
      },
    },
    async (request) => {
      const row = await uploadedFile(requireProject(request).projectId, request.params.id);
      if (!makesThumbnails(row.mime_type))
        throw validationError('Thumbnails are made of jpg, jpeg, png and gif images');
      if (!row.thumbnail_type_id) throw validationError('The file has no thumbnail type');
      return { check_uri: taskPath(await tasks.thumbnails(row)) };
    },
  );
};

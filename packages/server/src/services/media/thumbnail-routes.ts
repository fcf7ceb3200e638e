import { taskStatusSchema, thumbnailTypeCreateBody, thumbnailTypeSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { notFound } from '../../http/errors.ts';
import { idParams } from '../registry/params.ts';
import type { MediaContext } from './media-context.ts';
import { presentTask } from './media-presenter.ts';

const tags = ['media'];

/** Thumbnail types and the tasks that make thumbnails (requirements#monitoring-states, #monitoring-calls). */
export const thumbnailRoutes: FastifyPluginAsyncZod<{ media: MediaContext }> = async (app, { media }) => {
  const { files, store } = media;

  app.get(
    '/thumbnail-types',
    {
      config: { access: 'member' },
      schema: { tags, response: { 200: z.object({ objects: z.array(thumbnailTypeSchema) }) } },
    },
    async (request) => files.thumbnailTypes(requireProject(request).projectId),
  );

  app.post(
    '/thumbnail-types',
    {
      config: { access: 'curator' },
      schema: { tags, body: thumbnailTypeCreateBody, response: { 201: thumbnailTypeSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await files.createThumbnailType(requireProject(request), request.body)),
  );

  app.delete(
    '/thumbnail-types/:id',
    { config: { access: 'administrator' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await files.removeThumbnailType(requireProject(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/tasks/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        response: { 200: taskStatusSchema },
        description: 'A thumbnail task: PENDING, STARTED, SUCCESS or FAILURE (the check_uri of process-thumbnails)',
      },
    },
    async (request) => {
      const task = await store.task(requireProject(request).projectId, request.params.id);
      if (!task) throw notFound();
      return presentTask(task);
    },
  );
};

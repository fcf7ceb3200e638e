import { taskStatusSchema, thumbnailTypeCreateBody, thumbnailTypeSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { notFound } from '../../http/errors.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import { idParams } from '../registry/params.ts';
import type { MediaContext } from './media-context.ts';
import { presentTask } from './media-presenter.ts';

const tags = ['media'];

/** Thumbnail types and the tasks that make thumbnails (requirements#monitoring-states, #monitoring-calls). */
export const thumbnailRoutes: FastifyPluginAsyncZod<{ media: MediaContext }> = async (app, { media }) => {
  const { files, store } = media;
  const thumbnailTypes = resourceRoutes(app, '/thumbnail-types', thumbnailTypeSchema, {
    tags,
    access: { read: 'member', write: 'curator' },
  });

  thumbnailTypes.list({ answer: z.object({ objects: z.array(thumbnailTypeSchema) }) }, ({ actor }) =>
    files.thumbnailTypes(actor.projectId),
  );
  thumbnailTypes.create({ body: thumbnailTypeCreateBody }, ({ actor, body }) => files.createThumbnailType(actor, body));
  thumbnailTypes.remove({ access: 'administrator' }, ({ actor, params }) =>
    files.removeThumbnailType(actor, params.id),
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

import multipart from '@fastify/multipart';
import { MEDIA_MAX_FILE_SIZE } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentRoutes } from './content-routes.ts';
import { fileRoutes } from './file-routes.ts';
import { mediaContext } from './media-context.ts';
import { thumbnailRoutes } from './thumbnail-routes.ts';

/**
 * The media service (requirements#monitoring-calls, requirements#service-contracts, ADR 0025): files, their bytes,
 * thumbnails.
 */
export const mediaService: FastifyPluginAsyncZod = async (app) => {
  // One file per request, streamed: never buffered whole, cut off past the limit (the upload service
  // refuses the byte after the limit, which this limit lets through to it).
  await app.register(multipart, {
    limits: { fileSize: MEDIA_MAX_FILE_SIZE + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });
  const media = mediaContext(app);
  app.addHook('onClose', async () => {
    await media.tasks.idle();
    await media.storage.close();
  });
  await app.register(fileRoutes, { media });
  await app.register(contentRoutes, { media });
  await app.register(thumbnailRoutes, { media });
};

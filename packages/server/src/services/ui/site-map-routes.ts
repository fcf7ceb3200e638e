import { siteMapPatchBody, siteMapSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth-hook.ts';
import { projectParams } from './params.ts';
import { requireMember } from './project-access.ts';
import { siteMapService } from './site-map-service.ts';

const tags = ['ui'];

export const siteMapRoutes: FastifyPluginAsyncZod = async (app) => {
  const siteMap = siteMapService(app.db, app.dialect, app.config.tileLayer);
  const member = (projectId: string, request: Parameters<typeof requireActor>[0]) =>
    requireMember(app.db, projectId, requireActor(request).userId);

  app.get(
    '/projects/:id/site-map',
    { config: { access: 'member' }, schema: { tags, params: projectParams, response: { 200: siteMapSchema } } },
    async (request) => siteMap.get(await member(request.params.id, request)),
  );

  app.patch(
    '/projects/:id/site-map',
    {
      config: { access: 'administrator' },
      schema: {
        tags,
        params: projectParams,
        body: siteMapPatchBody,
        response: { 200: siteMapSchema },
        description: "Sets or clears the project's own online tile layer (administrators)",
      },
    },
    async (request) => siteMap.patch(await member(request.params.id, request), request.body),
  );

  app.get(
    '/projects/:id/site-map/image',
    {
      config: { access: 'member' },
      schema: { tags, params: projectParams, description: "The project's site image (ADR 0022)" },
    },
    async (request, reply) => {
      const image = await siteMap.image(await member(request.params.id, request));
      return (
        reply
          .type(image.mimeType)
          .header('cache-control', 'private, max-age=300')
          // An uploaded SVG must not run anything even when opened on its own.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(image.content)
      );
    },
  );
};

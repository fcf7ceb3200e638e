import {
  schemeCreateBody,
  schemePatchBody,
  schemePreviewAnswerSchema,
  schemePreviewBody,
  schemeSchema,
  schemeUsageSchema,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listBody, parseListQuery } from '../../http/list-query.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import { previewFormulas } from './formula-preview.ts';
import { idParams, schemeListQuery } from './params.ts';
import { schemeService } from './scheme-service.ts';
import { schemeList } from './scheme-store.ts';
import { etagOf, ifMatchVersions } from './versions.ts';

const tags = ['device-registry'];

export const schemeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = schemeService(app.db);
  const schemes = resourceRoutes(app, '/schemes', schemeSchema, { tags, access: { read: 'member', write: 'curator' } });

  schemes.list({ query: schemeListQuery }, async ({ actor, query }) => {
    const listQuery = parseListQuery(query, schemeList);
    const { count, objects } = await service.list(actor.projectId, listQuery);
    return listBody(listQuery, count, objects);
  });

  schemes.get({}, async ({ actor, params, reply }) => {
    const scheme = await service.get(actor.projectId, params.id);
    reply.header('etag', etagOf(scheme.updated_at));
    return scheme;
  });

  app.get(
    '/schemes/:id/usage',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        response: { 200: schemeUsageSchema },
        description: 'How many devices use the scheme: what a change of it affects',
      },
    },
    async (request) => service.usage(requireProject(request).projectId, request.params.id),
  );

  app.post(
    '/schemes/preview',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        body: schemePreviewBody,
        response: { 200: schemePreviewAnswerSchema },
        description:
          'The calculated metrics of a spec being edited on the device’s last 20 readings, newest first; 400 naming a formula that does not parse',
      },
    },
    async (request) => ({ objects: await previewFormulas(app.db, requireProject(request).projectId, request.body) }),
  );

  schemes.create({ body: schemeCreateBody }, async ({ actor, body, reply }) => {
    const scheme = await service.create(actor, body);
    reply.header('etag', etagOf(scheme.updated_at));
    return scheme;
  });

  schemes.patch(
    {
      body: schemePatchBody,
      description: 'Changes the fields sent; with If-Match (the ETag of GET), 409 when someone saved since',
    },
    async ({ actor, params, body, request, reply }) => {
      const ifMatch = ifMatchVersions(request.headers['if-match']);
      const scheme = await service.update(actor, params.id, body, ifMatch);
      reply.header('etag', etagOf(scheme.updated_at));
      return scheme;
    },
  );

  schemes.remove(
    { documentEmpty: true, description: 'Deletes a scheme no device uses; 409 naming how many do' },
    ({ actor, params, request }) => service.remove(actor, params.id, ifMatchVersions(request.headers['if-match'])),
  );
};

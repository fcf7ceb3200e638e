import {
  listBody as listOf,
  schemeCreateBody,
  schemePatchBody,
  schemePreviewAnswerSchema,
  schemePreviewBody,
  schemeSchema,
  schemeUsageSchema,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listBody, parseListQuery } from '../../http/list-query.ts';
import { previewFormulas } from './formula-preview.ts';
import { idParams, schemeListQuery } from './params.ts';
import { schemeService } from './scheme-service.ts';
import { schemeList } from './scheme-store.ts';
import { etagOf, ifMatchVersions } from './versions.ts';

const tags = ['device-registry'];

export const schemeRoutes: FastifyPluginAsyncZod = async (app) => {
  const schemes = schemeService(app.db);

  app.get(
    '/schemes',
    {
      config: { access: 'member' },
      schema: { tags, querystring: schemeListQuery, response: { 200: listOf(schemeSchema.partial()) } },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const query = parseListQuery(request.query, schemeList);
      const { count, objects } = await schemes.list(projectId, query);
      return listBody(query, count, objects);
    },
  );

  app.get(
    '/schemes/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, response: { 200: schemeSchema } } },
    async (request, reply) => {
      const scheme = await schemes.get(requireProject(request).projectId, request.params.id);
      return reply.header('etag', etagOf(scheme.updated_at)).send(scheme);
    },
  );

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
    async (request) => schemes.usage(requireProject(request).projectId, request.params.id),
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

  app.post(
    '/schemes',
    { config: { access: 'curator' }, schema: { tags, body: schemeCreateBody, response: { 201: schemeSchema } } },
    async (request, reply) => {
      const scheme = await schemes.create(requireProject(request), request.body);
      return reply.code(201).header('etag', etagOf(scheme.updated_at)).send(scheme);
    },
  );

  app.patch(
    '/schemes/:id',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        params: idParams,
        body: schemePatchBody,
        response: { 200: schemeSchema },
        description: 'Changes the fields sent; with If-Match (the ETag of GET), 409 when someone saved since',
      },
    },
    async (request, reply) => {
      const ifMatch = ifMatchVersions(request.headers['if-match']);
      const scheme = await schemes.update(requireProject(request), request.params.id, request.body, ifMatch);
      return reply.header('etag', etagOf(scheme.updated_at)).send(scheme);
    },
  );

  app.delete(
    '/schemes/:id',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        params: idParams,
        response: { 204: z.null() },
        description: 'Deletes a scheme no device uses; 409 naming how many do',
      },
    },
    async (request, reply) => {
      const ifMatch = ifMatchVersions(request.headers['if-match']);
      await schemes.remove(requireProject(request), request.params.id, ifMatch);
      return reply.code(204).send(null);
    },
  );
};

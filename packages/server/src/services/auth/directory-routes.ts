import { accountSchema, idSchema, listBody, microserviceSchema, permissionGroupSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth-hook.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { directoryService } from './directory-service.ts';

const tags = ['auth'];

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = directoryService(app);

  app.get(
    '/permission-groups',
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: listQuerySchema, response: { 200: listBody(permissionGroupSchema.partial()) } },
    },
    async (request) => {
      requireActor(request);
      return directory.permissionGroups(request.query);
    },
  );

  app.get(
    '/accounts/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: z.object({ id: idSchema }), response: { 200: accountSchema } },
    },
    async (request) => directory.account(requireActor(request), request.params.id),
  );

  app.get(
    '/microservices',
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: listQuerySchema, response: { 200: listBody(microserviceSchema.partial()) } },
    },
    async (request) => {
      requireActor(request);
      return directory.microservices(request.query);
    },
  );
};

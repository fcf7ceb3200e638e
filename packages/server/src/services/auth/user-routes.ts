import {
  createUserBody,
  inviteResponse,
  listBody as listSchema,
  updateUserBody,
  userIdParams,
  userSchema,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor, requireRole } from '../../http/auth-hook.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import type { SessionService } from './session-service.ts';
import { USER_ADMIN_ROLES } from './user-access.ts';
import { userCreation } from './user-creation.ts';
import { userService } from './user-service.ts';

const tags = ['auth'];
const params = userIdParams;

export const userRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  const users = userService(app, sessions);
  const createUser = userCreation(app, users);
  const administrator = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ...USER_ADMIN_ROLES);

  app.get(
    '/users',
    {
      config: { access: 'curator' },
      schema: { tags, querystring: listQuerySchema, response: { 200: listSchema(userSchema.partial()) } },
    },
    async (request) => users.list(administrator(request), request.query),
  );

  app.post(
    '/users',
    { config: { access: 'curator' }, schema: { tags, body: createUserBody, response: { 201: userSchema } } },
    async (request, reply) => reply.code(201).send(await createUser(administrator(request), request.body)),
  );

  app.get(
    '/users/:id',
    { config: { access: 'signed-in' }, schema: { tags, params, response: { 200: userSchema } } },
    async (request) => users.get(requireActor(request), request.params.id),
  );

  app.patch(
    '/users/:id',
    { config: { access: 'signed-in' }, schema: { tags, params, body: updateUserBody, response: { 200: userSchema } } },
    async (request) => users.update(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    { config: { access: 'curator' }, schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      await users.remove(administrator(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/:id/activate',
    { config: { access: 'curator' }, schema: { tags, params, response: { 200: userSchema } } },
    async (request) => users.setActive(administrator(request), request.params.id, true),
  );

  app.post(
    '/users/:id/deactivate',
    { config: { access: 'curator' }, schema: { tags, params, response: { 200: userSchema } } },
    async (request) => users.setActive(administrator(request), request.params.id, false),
  );

  app.post(
    '/users/:id/invite',
    { config: { access: 'curator' }, schema: { tags, params, response: { 200: inviteResponse } } },
    async (request) => users.invite(administrator(request), request.params.id),
  );
};

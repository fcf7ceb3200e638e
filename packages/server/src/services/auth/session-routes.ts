import { loginBody, loginResponse, switchDataContextBody } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth-hook.ts';
import type { SessionService } from './session-service.ts';

const tags = ['auth'];

export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  app.post(
    '/users/login',
    { config: { access: 'public' }, schema: { tags, security: [], body: loginBody, response: { 200: loginResponse } } },
    async (request) => sessions.login(request.body.username, request.body.password, request.ip),
  );

  app.post(
    '/users/logout',
    { config: { access: 'signed-in' }, schema: { tags, response: { 204: z.null() } } },
    async (request, reply) => {
      await sessions.logout(requireActor(request).tokenId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/switch-data-context',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: switchDataContextBody, response: { 200: z.object({ data_context: z.string() }) } },
    },
    async (request) => {
      const actor = requireActor(request);
      return sessions.switchDataContext(actor.tokenId, actor.userId, request.body.data_context);
    },
  );
};

import { listBody as listOf, userProfilePatchBody, userProfileSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth-hook.ts';
import { listBody, listQuerySchema, parseListQuery, filterText } from '../../http/list-query.ts';
import { projectParams, projectProfileParams } from './params.ts';
import { requireMember } from './project-access.ts';
import { profileService } from './profile-service.ts';
import { profileList } from './profile-store.ts';

const tags = ['ui'];
const profileQuery = listQuerySchema.extend({
  username: filterText.optional(),
  // Stored as a 0/1 flag (ADR 0001): the wire's booleans become that flag before filtering.
  is_active: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => (v === 'true' || v === '1' ? '1' : '0'))
    .optional(),
});

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = profileService(app.db);
  const member = (projectId: string, request: Parameters<typeof requireActor>[0]) =>
    requireMember(app.db, projectId, requireActor(request).userId);

  app.get(
    '/projects/:id/user-profiles',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: projectParams,
        querystring: profileQuery,
        response: { 200: listOf(userProfileSchema.partial()) },
      },
    },
    async (request) => {
      const caller = await member(request.params.id, request);
      const query = parseListQuery(request.query, profileList);
      const { count, objects } = await profiles.list(caller, query);
      return listBody(query, count, objects);
    },
  );

  app.get(
    '/projects/:id/user-profiles/:key',
    {
      config: { access: 'member' },
      schema: { tags, params: projectProfileParams, response: { 200: userProfileSchema } },
    },
    async (request) => profiles.get(await member(request.params.id, request), request.params.key),
  );

  app.patch(
    '/projects/:id/user-profiles/:key',
    {
      config: { access: 'member' },
      schema: { tags, params: projectProfileParams, body: userProfilePatchBody, response: { 200: userProfileSchema } },
    },
    async (request) => profiles.update(await member(request.params.id, request), request.params.key, request.body),
  );
};

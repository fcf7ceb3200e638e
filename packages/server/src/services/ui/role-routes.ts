import { listBody as listOf, roleSchema, rolePatchBody } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth-hook.ts';
import { listBody, listQuerySchema, parseListQuery, filterText } from '../../http/list-query.ts';
import { projectParams, projectRoleParams } from './params.ts';
import { requireMember } from './project-access.ts';
import { roleService } from './role-service.ts';
import { roleList } from './role-store.ts';

const tags = ['ui'];
const roleQuery = listQuerySchema.extend({ name: filterText.optional() });

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const roles = roleService(app.db);

  app.get(
    '/projects/:id/roles',
    {
      config: { access: 'member' },
      schema: { tags, params: projectParams, querystring: roleQuery, response: { 200: listOf(roleSchema.partial()) } },
    },
    async (request) => {
      const member = await requireMember(app.db, request.params.id, requireActor(request).userId);
      const query = parseListQuery(request.query, roleList);
      const { count, objects } = await roles.list(member, query);
      return listBody(query, count, objects);
    },
  );

  app.patch(
    '/projects/:id/roles/:roleId',
    {
      config: { access: 'administrator' },
      schema: { tags, params: projectRoleParams, body: rolePatchBody, response: { 200: roleSchema } },
    },
    async (request) => {
      const member = await requireMember(app.db, request.params.id, requireActor(request).userId);
      return roles.update(member, request.params.roleId, request.body);
    },
  );
};

import { basicGroupCreateBody, basicGroupPatchBody, basicGroupSchema, listBody as listOf } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject, requireRole } from '../../http/auth-hook.ts';
import { groupService } from './group-service.ts';
import { groupList } from './group-store.ts';
import { groupListQuery, idParams, singleQuery } from './params.ts';
import { parseRegistryQuery, selectOne } from './registry-query.ts';

const tags = ['device-registry'];

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const groups = groupService(app.db);

  app.get(
    '/basic-groups',
    {
      config: { access: 'member' },
      schema: { tags, querystring: groupListQuery, response: { 200: listOf(basicGroupSchema.partial()) } },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const { query, filters } = parseRegistryQuery(request.query, groupList, ['monitored_entity_ids']);
      return groups.list(projectId, query, filters);
    },
  );

  app.get(
    '/basic-groups/:id',
    {
      config: { access: 'member' },
      schema: { tags, params: idParams, querystring: singleQuery, response: { 200: basicGroupSchema.partial() } },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const group = await groups.get(projectId, request.params.id);
      return selectOne(group, request.query);
    },
  );

  app.post(
    '/basic-groups',
    {
      config: { access: 'administrator' },
      schema: { tags, body: basicGroupCreateBody, response: { 201: basicGroupSchema } },
    },
    async (request, reply) => {
      const { projectId } = requireRole(request, 'Administrator');
      return reply.code(201).send(await groups.create(projectId, request.body));
    },
  );

  app.patch(
    '/basic-groups/:id',
    {
      config: { access: 'administrator' },
      schema: { tags, params: idParams, body: basicGroupPatchBody, response: { 200: basicGroupSchema } },
    },
    async (request) => {
      const { projectId } = requireRole(request, 'Administrator');
      return groups.update(projectId, request.params.id, request.body);
    },
  );

  app.delete(
    '/basic-groups/:id',
    { config: { access: 'administrator' }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { projectId } = requireRole(request, 'Administrator');
      await groups.remove(projectId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

import { basicGroupCreateBody, basicGroupPatchBody, basicGroupSchema, listBody as listOf } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { groupService } from './group-service.ts';
import { groupList } from './group-store.ts';
import { groupListQuery, idParams, singleQuery } from './params.ts';
import { parseRegistryQuery, selectOne } from './registry-query.ts';
import { etagOf, ifMatchVersions } from './versions.ts';

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
    async (request, reply) => {
      const { projectId } = requireProject(request);
      const group = await groups.get(projectId, request.params.id);
      reply.header('etag', etagOf(group.updated_at));
      return selectOne(group, request.query);
    },
  );

  app.post(
    '/basic-groups',
    {
      config: { access: 'curator' },
      schema: { tags, body: basicGroupCreateBody, response: { 201: basicGroupSchema } },
    },
    async (request, reply) => {
      const group = await groups.create(requireProject(request), request.body);
      return reply.code(201).header('etag', etagOf(group.updated_at)).send(group);
    },
  );

  app.patch(
    '/basic-groups/:id',
    {
      config: { access: 'curator' },
      schema: { tags, params: idParams, body: basicGroupPatchBody, response: { 200: basicGroupSchema } },
    },
    async (request, reply) => {
      const ifMatch = ifMatchVersions(request.headers['if-match']);
      const group = await groups.update(requireProject(request), request.params.id, request.body, ifMatch);
      return reply.header('etag', etagOf(group.updated_at)).send(group);
    },
  );

  app.delete(
    '/basic-groups/:id',
    { config: { access: 'curator' }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const ifMatch = ifMatchVersions(request.headers['if-match']);
      await groups.remove(requireProject(request), request.params.id, ifMatch);
      return reply.code(204).send(null);
    },
  );
};

import { basicGroupCreateBody, basicGroupPatchBody, basicGroupSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../http/resource-routes.ts';
import { groupService } from './group-service.ts';
import { groupList } from './group-store.ts';
import { groupListQuery, singleQuery } from './params.ts';
import { parseRegistryQuery, selectOne } from './registry-query.ts';
import { etagOf, ifMatchVersions } from './versions.ts';

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = groupService(app.db);
  const groups = resourceRoutes(app, '/basic-groups', basicGroupSchema, {
    tags: ['device-registry'],
    access: { read: 'member', write: 'curator' },
  });

  groups.list({ query: groupListQuery }, ({ actor, query }) => {
    const { query: listQuery, filters } = parseRegistryQuery(query, groupList, ['monitored_entity_ids']);
    return service.list(actor.projectId, listQuery, filters);
  });

  groups.get({ query: singleQuery, answer: basicGroupSchema.partial() }, async ({ actor, params, query, reply }) => {
    const group = await service.get(actor.projectId, params.id);
    reply.header('etag', etagOf(group.updated_at));
    return selectOne(group, query);
  });

  groups.create({ body: basicGroupCreateBody }, async ({ actor, body, reply }) => {
    const group = await service.create(actor, body);
    reply.header('etag', etagOf(group.updated_at));
    return group;
  });

  groups.patch({ body: basicGroupPatchBody }, async ({ actor, params, body, request, reply }) => {
    const group = await service.update(actor, params.id, body, ifMatchVersions(request.headers['if-match']));
    reply.header('etag', etagOf(group.updated_at));
    return group;
  });

  groups.remove({ documentEmpty: true }, ({ actor, params, request }) =>
    service.remove(actor, params.id, ifMatchVersions(request.headers['if-match'])),
  );
};

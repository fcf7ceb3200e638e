import {
  crossSectionCreateBody,
  crossSectionHistoryItemSchema,
  crossSectionPatchBody,
  crossSectionSchema,
  idSchema,
  listBody,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth-hook.ts';
import { listQuerySchema, filterText } from '../../http/list-query.ts';
import { crossSectionService } from './cross-section-service.ts';
import { projectParams } from './params.ts';
import { requireMember } from './project-access.ts';

const tags = ['cross-sections'];
const sectionParams = z.object({ id: idSchema, cs: idSchema });
const listQuery = listQuerySchema.extend({ id: filterText.optional(), name: filterText.optional() });

/** `/projects/{id}/cross-sections/` (requirements#monitoring-calls, requirements#service-contracts, ADR 0028). */
export const crossSectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const sections = crossSectionService(app.db);
  const caller = async (projectId: string, request: Parameters<typeof requireActor>[0]) => {
    const actor = requireActor(request);
    return { member: await requireMember(app.db, projectId, actor.userId), username: actor.username };
  };

  app.get(
    '/projects/:id/cross-sections',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: projectParams,
        querystring: listQuery,
        response: {
          200: listBody(crossSectionSchema.partial()),
        },
      },
    },
    async (request) => sections.list((await caller(request.params.id, request)).member, request.query),
  );
  app.post(
    '/projects/:id/cross-sections',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        params: projectParams,
        body: crossSectionCreateBody,
        response: { 201: crossSectionSchema },
        description: 'Administrators and managers; every field has the default of requirements#monitoring-entities',
      },
    },
    async (request, reply) => {
      const { member, username } = await caller(request.params.id, request);
      return reply.code(201).send(await sections.create(member, username, request.body));
    },
  );
  app.get(
    '/projects/:id/cross-sections/:cs',
    { config: { access: 'member' }, schema: { tags, params: sectionParams, response: { 200: crossSectionSchema } } },
    async (request) => sections.get((await caller(request.params.id, request)).member, request.params.cs),
  );
  app.patch(
    '/projects/:id/cross-sections/:cs',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        params: sectionParams,
        body: crossSectionPatchBody,
        response: { 200: crossSectionSchema },
        description: 'Administrators and managers; only the fields sent, kept in the history',
      },
    },
    async (request) => {
      const { member, username } = await caller(request.params.id, request);
      return sections.patch(member, username, request.params.cs, request.body);
    },
  );
  app.delete(
    '/projects/:id/cross-sections/:cs',
    { config: { access: 'curator' }, schema: { tags, params: sectionParams } },
    async (request, reply) => {
      await sections.remove((await caller(request.params.id, request)).member, request.params.cs);
      return reply.code(204).send();
    },
  );
  app.get(
    '/projects/:id/cross-sections/:cs/history',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: sectionParams,
        response: { 200: z.object({ objects: z.array(crossSectionHistoryItemSchema) }) },
      },
    },
    async (request) => sections.history((await caller(request.params.id, request)).member, request.params.cs),
  );
};

import {
  projectModuleDataBody,
  projectModuleDataSchema,
  userModuleDataBody,
  userModuleDataSchema,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth-hook.ts';
import { moduleDataService } from './module-data-service.ts';
import { projectModuleParams, userModuleDataParams } from './params.ts';
import { requireMember } from './project-access.ts';

const tags = ['ui'];

export const moduleDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const moduleData = moduleDataService(app.db);
  const member = (projectId: string, request: Parameters<typeof requireActor>[0]) =>
    requireMember(app.db, projectId, requireActor(request).userId);

  app.get(
    '/projects/:id/modules/:moduleId',
    {
      config: { access: 'member' },
      schema: { tags, params: projectModuleParams, response: { 200: projectModuleDataSchema } },
    },
    async (request) => moduleData.getShared(await member(request.params.id, request), request.params.moduleId),
  );

  app.put(
    '/projects/:id/modules/:moduleId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: projectModuleParams,
        body: projectModuleDataBody,
        response: { 200: projectModuleDataSchema },
      },
    },
    async (request) =>
      moduleData.putShared(await member(request.params.id, request), request.params.moduleId, request.body),
  );

  const path = '/projects/:id/user-profiles/:uiId/module-data/:moduleId';
  app.get(
    path,
    {
      config: { access: 'member' },
      schema: { tags, params: userModuleDataParams, response: { 200: userModuleDataSchema } },
    },
    async (request) => {
      const { id, uiId, moduleId } = request.params;
      return moduleData.getOwn(await member(id, request), uiId, moduleId);
    },
  );

  for (const method of ['put', 'patch'] as const) {
    app[method](
      path,
      {
        config: { access: 'member' },
        schema: {
          tags,
          params: userModuleDataParams,
          body: userModuleDataBody,
          response: { 200: userModuleDataSchema },
        },
      },
      async (request) => {
        const { id, uiId, moduleId } = request.params;
        return moduleData.saveOwn(await member(id, request), uiId, moduleId, request.body.data, method === 'patch');
      },
    );
  }
};

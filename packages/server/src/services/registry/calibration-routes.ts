import {
  calibrationCreateBody,
  calibrationPatchBody,
  calibrationRecomputeSchema,
  calibrationSchema,
  idSchema,
  listBody as listOf,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listBody, listQuerySchema, parseListQuery } from '../../http/list-query.ts';
import { calibrationService } from './calibration-service.ts';
import { calibrationList, projectCalibrationList } from './calibration-store.ts';
import { idParams } from './params.ts';

const tags = ['device-registry'];
const calParams = z.object({ id: idSchema, cal: idSchema });

/**
 * `instruments/{id}/calibrations` (requirements#site-contracts): dated factors that the scheme's formulas read as
 * `cal.<name>`.
 */
export const calibrationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Recomputations run in the background worker of the instances that compact (ADR 0040).
  const calibrations = calibrationService(app.db, (projectId, calibrationId) =>
    app.bus.publish('recompute.requested', { projectId, calibrationId }),
  );

  app.get(
    '/calibrations',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: listQuerySchema,
        response: { 200: listOf(calibrationSchema.partial()) },
        description:
          'The calibrations of several instruments at once: monitored_entity_id=a,b (a chart marks them all)',
      },
    },
    async (request) => {
      const query = parseListQuery(request.query, projectCalibrationList);
      const { count, objects } = await calibrations.listOfProject(requireProject(request).projectId, query);
      return listBody(query, count, objects);
    },
  );

  app.get(
    '/instruments/:id/calibrations',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: listOf(calibrationSchema.partial()) },
      },
    },
    async (request) => {
      const { projectId } = requireProject(request);
      const query = parseListQuery(request.query, calibrationList);
      const { count, objects } = await calibrations.list(projectId, request.params.id, query);
      return listBody(query, count, objects);
    },
  );

  app.post(
    '/instruments/:id/calibrations',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        params: idParams,
        body: calibrationCreateBody,
        response: { 201: calibrationSchema },
        description: 'Adds a calibration; 409 when the instrument has one effective from the same instant',
      },
    },
    async (request, reply) => {
      const created = await calibrations.create(requireProject(request), request.params.id, request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/instruments/:id/calibrations/:cal',
    {
      config: { access: 'curator' },
      schema: { tags, params: calParams, body: calibrationPatchBody, response: { 200: calibrationSchema } },
    },
    async (request) =>
      calibrations.update(requireProject(request), request.params.id, request.params.cal, request.body),
  );

  app.delete(
    '/instruments/:id/calibrations/:cal',
    { config: { access: 'curator' }, schema: { tags, params: calParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await calibrations.remove(requireProject(request), request.params.id, request.params.cal);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/instruments/:id/calibrations/:cal/recompute',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: calParams,
        response: { 200: calibrationRecomputeSchema },
        description:
          'The recomputation of the readings the calibration covers, after its last change (ADR 0040); still readable once the calibration is deleted',
      },
    },
    async (request) => calibrations.recompute(requireProject(request).projectId, request.params.id, request.params.cal),
  );
};

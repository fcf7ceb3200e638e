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
import { resourceRoutes } from '../../http/resource-routes.ts';
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

  const ofInstrument = resourceRoutes(app, '/instruments/:id/calibrations', calibrationSchema, {
    tags,
    access: { read: 'member', write: 'curator' },
    params: idParams,
    item: { path: '/:cal', params: calParams },
  });

  ofInstrument.list({ query: listQuerySchema }, async ({ actor, params, query }) => {
    const listQuery = parseListQuery(query, calibrationList);
    const { count, objects } = await calibrations.list(actor.projectId, params.id, listQuery);
    return listBody(listQuery, count, objects);
  });
  ofInstrument.create(
    {
      body: calibrationCreateBody,
      description: 'Adds a calibration; 409 when the instrument has one effective from the same instant',
    },
    ({ actor, params, body }) => calibrations.create(actor, params.id, body),
  );
  ofInstrument.patch({ body: calibrationPatchBody }, ({ actor, params, body }) =>
    calibrations.update(actor, params.id, params.cal, body),
  );
  ofInstrument.remove({ documentEmpty: true }, ({ actor, params }) =>
    calibrations.remove(actor, params.id, params.cal),
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

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listBody, listQuerySchema, parseListQuery } from '../../http/list-query.ts';
import { calibrationRoutes } from './calibration-routes.ts';
import { dataPointRoutes } from './data-point-routes.ts';
import { datumRoutes } from './datum-routes.ts';
import { deviceRoutes } from './device-routes.ts';
import { groupRoutes } from './group-routes.ts';
import { historyRoutes } from './history-routes.ts';
import { registerRoutes } from './register-routes.ts';
import { presentResponderType } from './responder-type-presenter.ts';
import { schemeRoutes } from './scheme-routes.ts';
import { listResponderTypes, responderTypeList } from './store.ts';

const responderTypeQuery = listQuerySchema.extend({
  name: z
    .string()
    .max(150)
    .regex(/^[^\0]*$/)
    .optional(),
});

/**
 * Device registry (requirements#monitoring-calls): schemes, devices and their snapshots, groups, data points, responder
 * types; the history of their changes, the instrument register and calibrations (requirements#site-contracts, ADR
 * 0034).
 */
export const registryService: FastifyPluginAsyncZod = async (app) => {
  await app.register(schemeRoutes);
  await app.register(deviceRoutes);
  await app.register(groupRoutes);
  await app.register(dataPointRoutes);
  await app.register(historyRoutes);
  await app.register(registerRoutes);
  await app.register(calibrationRoutes);
  await app.register(datumRoutes);

  app.get(
    '/responder-types',
    { config: { access: 'member' }, schema: { tags: ['device-registry'], querystring: responderTypeQuery } },
    async (request) => {
      const { projectId } = requireProject(request);
      const query = parseListQuery(request.query, responderTypeList);
      const { count, rows } = await listResponderTypes(app.db, projectId, query);
      return listBody(query, count, rows.map(presentResponderType));
    },
  );
};

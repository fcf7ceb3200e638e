import {
  acknowledgeAlarmBody,
  alarmHistoryItemSchema,
  alarmListQuery,
  alarmReportQuery,
  alarmReportSchema,
  alarmSchema,
  checklistItemBody,
  listBody,
  shelveAlarmBody,
  tarpLevelsBody,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject, requireRole } from '../../http/auth-hook.ts';
import { idParams } from '../registry/params.ts';
import { alarmService } from './alarm-service.ts';

const tags = ['alarms'];
const alarmPage = listBody(alarmSchema);

/**
 * Alarms of the caller's project (ADR 0024), under the rules engine that raises them: any member
 * reads, acknowledges, shelves and ticks off TARP actions; administrators set the TARP levels.
 */
export const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  const alarms = alarmService(app.db, app.dialect);
  const caller = (request: Parameters<typeof requireProject>[0]) => {
    const actor = requireProject(request);
    return { projectId: actor.projectId, userId: actor.userId };
  };

  app.get(
    '/alarms',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: alarmListQuery,
        response: { 200: alarmPage },
        description: 'Alarms, most urgent first',
      },
    },
    async (request) => alarms.list(caller(request).projectId, request.query),
  );
  app.get(
    '/alarms/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, response: { 200: alarmSchema } } },
    async (request) => alarms.get(caller(request).projectId, request.params.id),
  );
  app.get(
    '/alarms/:id/history',
    {
      config: { access: 'member' },
      schema: { tags, params: idParams, response: { 200: z.object({ objects: z.array(alarmHistoryItemSchema) }) } },
    },
    async (request) => alarms.history(caller(request).projectId, request.params.id),
  );
  app.post(
    '/alarms/:id/acknowledge',
    {
      config: { access: 'member' },
      schema: { tags, params: idParams, body: acknowledgeAlarmBody, response: { 200: alarmSchema } },
    },
    async (request) => alarms.acknowledge(caller(request), request.params.id, request.body.comment),
  );
  app.post(
    '/alarms/:id/shelve',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        body: shelveAlarmBody,
        response: { 200: alarmSchema },
        description: 'Shelves the alarm for at most 24 hours; it is unshelved by itself at expiry',
      },
    },
    async (request) => alarms.shelve(caller(request), request.params.id, request.body.reason, request.body.hours),
  );
  app.post(
    '/alarms/:id/unshelve',
    { config: { access: 'member' }, schema: { tags, params: idParams, response: { 200: alarmSchema } } },
    async (request) => alarms.unshelve(caller(request), request.params.id),
  );
  app.post(
    '/alarms/:id/checklist',
    {
      config: { access: 'member' },
      schema: { tags, params: idParams, body: checklistItemBody, response: { 200: alarmSchema } },
    },
    async (request) => alarms.check(caller(request), request.params.id, request.body.index, request.body.done),
  );
  app.get(
    '/alarm-report',
    {
      config: { access: 'member' },
      schema: { tags, querystring: alarmReportQuery, response: { 200: alarmReportSchema } },
    },
    async (request) => alarms.report(caller(request).projectId, request.query.from, request.query.to),
  );
  app.get(
    '/tarp-levels',
    { config: { access: 'member' }, schema: { tags, response: { 200: tarpLevelsBody } } },
    async (request) => ({
      levels: await alarms.tarpLevels(caller(request).projectId),
    }),
  );
  app.put(
    '/tarp-levels',
    { config: { access: 'administrator' }, schema: { tags, body: tarpLevelsBody, response: { 200: tarpLevelsBody } } },
    async (request) => alarms.saveTarpLevels(requireRole(request, 'Administrator').projectId, request.body.levels),
  );
};

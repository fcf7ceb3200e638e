import {
  idSchema,
  manualReadingCorrectionBody,
  manualReadingHistoryItemSchema,
  manualReadingSchema,
  readingChecksSchema,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import { manualReadingService } from './manual-reading-service.ts';
import { readingCheckService } from './reading-check-service.ts';

const tags = ['ingest'];
const readingsQuery = z.strictObject({ data_session: idSchema.optional(), monitored_entity_id: idSchema.optional() });

/** Readings entered by hand (ADR 0027): listed by data session or device, corrected, with their history. */
export const manualReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  const manual = manualReadingService(app);
  const checks = readingCheckService(app.db);
  const readings = resourceRoutes(app, '/manual-readings', manualReadingSchema, {
    tags,
    access: { read: 'member', write: 'member' },
  });

  readings.list(
    { query: readingsQuery, answer: z.object({ objects: z.array(manualReadingSchema) }) },
    ({ actor, query }) => manual.list(actor.projectId, query),
  );
  app.get(
    '/manual-readings/checks',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: readingsQuery,
        response: { 200: readingChecksSchema },
        description:
          'Check readings (ADR 0042): each manual reading of a logger-read device beside the logger reading nearest in time (within tolerance_minutes), with manual − logger per metric',
      },
    },
    async (request) => checks.list(requireProject(request).projectId, request.query),
  );
  readings.get({}, ({ actor, params }) => manual.get(actor.projectId, params.id));
  readings.patch(
    {
      body: manualReadingCorrectionBody,
      description: 'Corrects the values (its author, administrators and managers); the old ones stay in the history',
    },
    ({ actor, params, body }) => manual.correct(actor, params.id, body),
  );
  readings.history({ entry: manualReadingHistoryItemSchema }, ({ actor, params }) =>
    manual.history(actor.projectId, params.id),
  );
};

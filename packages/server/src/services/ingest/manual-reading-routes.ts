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
import { idParams } from '../registry/params.ts';
import { manualReadingService } from './manual-reading-service.ts';
import { readingCheckService } from './reading-check-service.ts';

const tags = ['ingest'];

/** Readings entered by hand (ADR 0027): listed by data session or device, corrected, with their history. */
export const manualReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  const manual = manualReadingService(app);
  const checks = readingCheckService(app.db);

  app.get(
    '/manual-readings',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: z.strictObject({ data_session: idSchema.optional(), monitored_entity_id: idSchema.optional() }),
        response: { 200: z.object({ objects: z.array(manualReadingSchema) }) },
      },
    },
    async (request) => manual.list(requireProject(request).projectId, request.query),
  );
  app.get(
    '/manual-readings/checks',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: z.strictObject({ data_session: idSchema.optional(), monitored_entity_id: idSchema.optional() }),
        response: { 200: readingChecksSchema },
        description:
          'Check readings (ADR 0042): each manual reading of a logger-read device beside the logger reading nearest in time (within tolerance_minutes), with manual − logger per metric',
      },
    },
    async (request) => checks.list(requireProject(request).projectId, request.query),
  );
  app.get(
    '/manual-readings/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, response: { 200: manualReadingSchema } } },
    async (request) => manual.get(requireProject(request).projectId, request.params.id),
  );
  app.patch(
    '/manual-readings/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        body: manualReadingCorrectionBody,
        response: { 200: manualReadingSchema },
        description: 'Corrects the values (its author, administrators and managers); the old ones stay in the history',
      },
    },
    async (request) => manual.correct(requireProject(request), request.params.id, request.body),
  );
  app.get(
    '/manual-readings/:id/history',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ objects: z.array(manualReadingHistoryItemSchema) }) },
      },
    },
    async (request) => manual.history(requireProject(request).projectId, request.params.id),
  );
};

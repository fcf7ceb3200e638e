import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { journalRoutes } from './journal-routes.ts';
import { sessionRoutes } from './session-routes.ts';

/**
 * The journal service (requirements#monitoring-calls, requirements#service-contracts, ADR 0027): journals, entries,
 * data sessions.
 */
export const journalService: FastifyPluginAsyncZod = async (app) => {
  await app.register(journalRoutes);
  await app.register(sessionRoutes);
};

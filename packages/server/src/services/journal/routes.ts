import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { journalRoutes } from './journal-routes.ts';
import { sessionRoutes } from './session-routes.ts';

/** The journal service (spec 001 §7, DESIGN §3.1, ADR 0027): journals, entries, data sessions. */
export const journalService: FastifyPluginAsyncZod = async (app) => {
  await app.register(journalRoutes);
  await app.register(sessionRoutes);
};

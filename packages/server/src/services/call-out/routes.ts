import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRoutes } from './contact-routes.ts';
import { deliveryRoutes } from './delivery-routes.ts';
import { policyRoutes } from './policy-routes.ts';
import { rosterRoutes } from './roster-routes.ts';

/** Call-out (issue 38, ADR 0050), under the notifications prefix: contacts, rosters, policies, the delivery log. */
export const callOutService: FastifyPluginAsyncZod = async (app) => {
  await app.register(contactRoutes);
  await app.register(rosterRoutes);
  await app.register(policyRoutes);
  await app.register(deliveryRoutes);
};

import {
  contactCreateBody,
  contactPatchBody,
  contactSchema,
  contactVerifyBody,
  isTimeZone,
  listBody,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth-hook.ts';
import { validationError } from '../../http/errors.ts';
import { textFilteredListQuery } from '../../http/resource-routes.ts';
import { idParams } from '../registry/params.ts';
import { contactService } from './contact-service.ts';

const tags = ['call-out'];
const access = { access: 'signed-in' as const };

/** A quiet-hours zone must be one the clock knows. */
function checkZone(quiet: { timezone: string } | null | undefined) {
  if (quiet && !isTimeZone(quiet.timezone))
    throw validationError('Unknown time zone', { 'quiet_hours.timezone': ['Unknown time zone'] });
}

/** `/contacts` (DESIGN §3.2): a user's own ways to be reached; administrators see the account's. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = contactService(app.db, app.callOut!.channels, app.log);

  app.get(
    '/contacts',
    {
      config: access,
      schema: {
        tags,
        querystring: textFilteredListQuery('id', 'user_id', 'kind'),
        response: { 200: listBody(contactSchema.partial()) },
      },
    },
    async (request) => service.list(requireActor(request), request.query),
  );
  app.post(
    '/contacts',
    {
      config: access,
      schema: {
        tags,
        body: contactCreateBody,
        response: { 201: contactSchema },
        description: 'Adds a contact and sends it a code',
      },
    },
    async (request, reply) => {
      checkZone(request.body.quiet_hours);
      return reply.code(201).send(await service.create(requireActor(request), request.body));
    },
  );
  app.get(
    '/contacts/:id',
    { config: access, schema: { tags, params: idParams, response: { 200: contactSchema } } },
    async (request) => service.get(requireActor(request), request.params.id),
  );
  app.patch(
    '/contacts/:id',
    { config: access, schema: { tags, params: idParams, body: contactPatchBody, response: { 200: contactSchema } } },
    async (request) => {
      checkZone(request.body.quiet_hours);
      return service.setQuietHours(requireActor(request), request.params.id, request.body.quiet_hours);
    },
  );
  app.delete('/contacts/:id', { config: access, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.remove(requireActor(request), request.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/contacts/:id/verify',
    { config: access, schema: { tags, params: idParams, body: contactVerifyBody, response: { 200: contactSchema } } },
    async (request) => service.verify(requireActor(request), request.params.id, request.body.code),
  );
  app.post(
    '/contacts/:id/send-code',
    {
      config: access,
      schema: { tags, params: idParams, response: { 200: contactSchema }, description: 'Sends a new code' },
    },
    async (request) => service.sendCode(requireActor(request), request.params.id),
  );
};

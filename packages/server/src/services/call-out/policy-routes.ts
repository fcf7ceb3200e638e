import { escalationPolicyBody, escalationPolicySchema, policyTestSchema } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { resourceRoutes, textFilteredListQuery } from '../../http/resource-routes.ts';
import { idParams } from '../registry/params.ts';
import { policyService } from './policy-service.ts';

const tags = ['call-out'];

/** `/escalation-policies` of the current project (DESIGN §3.2), one per TARP level, and their test. */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = policyService(app.db);
  const policies = resourceRoutes(app, '/escalation-policies', escalationPolicySchema, {
    tags,
    access: { read: 'member', write: 'curator' },
  });
  policies.list({ query: textFilteredListQuery('id', 'name', 'tarp_level') }, ({ actor, query }) =>
    service.list(actor, query),
  );
  policies.create({ body: escalationPolicyBody }, ({ actor, body }) => service.create(actor, body));
  policies.get({}, ({ actor, params }) => service.get(actor, params.id));
  policies.patch(
    { body: escalationPolicyBody, description: 'Takes the whole policy, as POST does' },
    ({ actor, params, body }) => service.update(actor, params.id, body),
  );
  policies.remove({}, ({ actor, params }) => service.remove(actor, params.id));

  app.post(
    '/escalation-policies/:id/test',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        params: idParams,
        response: { 202: policyTestSchema },
        description: 'Raises a test alarm of the policy’s level and runs the policy on it, end to end',
      },
    },
    async (request, reply) => reply.code(202).send(await service.test(requireProject(request), request.params.id)),
  );
};

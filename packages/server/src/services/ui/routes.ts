import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const uiService: FastifyPluginAsyncZod = async () => {};

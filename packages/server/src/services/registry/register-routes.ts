import multipart from '@fastify/multipart';
import {
  REGISTER_MAX_BYTES,
  registerFormatQuery,
  registerImportAnswerSchema,
  registerRefusalSchema,
  type RegisterFormat,
  type RegisterImportAnswer,
} from '@vigil/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProject } from '../../http/auth-hook.ts';
import { fileProblem, importRefusal, readRegisterForm } from './register-form.ts';
import { NotASpreadsheet, REGISTER_CONTENT_TYPES } from './register-sheet.ts';
import { registerService } from './register-service.ts';

const tags = ['device-registry'];

/** `register/import`, `register/export`, `register/template` (requirements#site-contracts, ADR 0034). */
export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  // One file per request, cut off past the limit: the byte after it makes the refusal.
  await app.register(multipart, {
    limits: { fileSize: REGISTER_MAX_BYTES, files: 1, fields: 4, fieldSize: 64, parts: 5 },
  });
  const register = registerService(app.db);

  const download = (reply: FastifyReply, bytes: Buffer, format: RegisterFormat, name: string) =>
    reply
      .type(REGISTER_CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${name}.${format}"`)
      .header('cache-control', 'no-store')
      .send(bytes);

  app.post(
    '/register/import',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: registerImportAnswerSchema, 400: registerRefusalSchema, 413: registerRefusalSchema },
        description:
          'multipart: file (.xlsx or .csv, at most 10 MiB) and dry_run=true|false (default false). Every row is checked; with any error nothing is written (a dry run answers 200 with the errors, an import 400). Rows are matched by eid within the project',
      },
    },
    async (request, reply) => {
      const editor = requireProject(request);
      const form = await readRegisterForm(request, reply);
      if ('refusal' in form) return reply.code(413).send(form.refusal);
      let answer: RegisterImportAnswer;
      try {
        answer = await register.import(editor, form.bytes, form.dryRun);
      } catch (error) {
        if (!(error instanceof NotASpreadsheet)) throw error;
        answer = fileProblem(error.message);
      }
      if (form.dryRun || !answer.errors.length) return answer;
      return reply.code(400).send(importRefusal(answer));
    },
  );

  app.get(
    '/register/export',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: registerFormatQuery,
        description: 'Every device of the project in the register’s columns',
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      return download(reply, await register.export(requireProject(request).projectId, format), format, 'register');
    },
  );

  app.get(
    '/register/template',
    {
      config: { access: 'member' },
      schema: { tags, querystring: registerFormatQuery, description: 'The header row and one example row' },
    },
    async (request, reply) => {
      const { format } = request.query;
      return download(
        reply,
        await register.template(requireProject(request).projectId, format),
        format,
        'register-template',
      );
    },
  );
};

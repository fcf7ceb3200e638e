import {
  idSchema,
  listBody,
  reportCreateBody,
  reportSchema,
  reportTemplateCreateBody,
  reportTemplatePatchBody,
  reportTemplateSchema,
  reviewBody,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth-hook.ts';
import { listFromMemory, listQuerySchema, sameNamedColumns, type ListSpec } from '../../http/list-query.ts';
import { requireMember } from '../ui/project-access.ts';
import type { ReportService } from './report-service.ts';
import type { ReportTemplateService } from './report-template-service.ts';

const tags = ['reports'];
const projectParams = z.object({ id: idSchema });
const templateParams = z.object({ id: idSchema, template: idSchema });
const reportParams = z.object({ id: idSchema, report: idSchema });

const TEMPLATE_LIST: ListSpec = {
  columns: sameNamedColumns(['id', 'name', 'period', 'created_at', 'updated_at']),
  filters: ['name', 'period'],
  orderings: ['name', 'created_at', 'updated_at'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};
const REPORT_LIST: ListSpec = {
  columns: sameNamedColumns(['id', 'template_id', 'name', 'from', 'to', 'status', 'origin', 'created_at']),
  filters: ['template_id', 'status', 'origin'],
  ranges: ['created_at', 'from'],
  orderings: ['created_at', 'from', 'name'],
  defaultOrdering: '-created_at',
  tieBreaker: 'id',
};

/** Inline in a browser tab; the name as RFC 6266 spells a non-ASCII one. */
function disposition(filename: string) {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * `/projects/{id}/report-templates` and `/projects/{id}/reports` (DESIGN §3.2, ADR 0051): members read;
 * administrators and managers edit templates, ask for reports and review them; an Administrator approves.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ templates: ReportTemplateService; reports: ReportService }> = async (
  app,
  { templates, reports },
) => {
  const caller = async (projectId: string, request: Parameters<typeof requireActor>[0]) => {
    const actor = requireActor(request);
    const member = await requireMember(app.db, projectId, actor.userId);
    return { projectId, username: actor.username, roleName: member.activeRole?.name ?? null };
  };

  app.get(
    '/projects/:id/report-templates',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: projectParams,
        querystring: listQuerySchema,
        response: { 200: listBody(reportTemplateSchema.partial()) },
      },
    },
    async (request) => {
      const { projectId } = await caller(request.params.id, request);
      return listFromMemory(await templates.list(projectId), request.query, TEMPLATE_LIST);
    },
  );
  app.post(
    '/projects/:id/report-templates',
    {
      config: { access: 'curator' },
      schema: { tags, params: projectParams, body: reportTemplateCreateBody, response: { 201: reportTemplateSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await templates.create(await caller(request.params.id, request), request.body)),
  );
  app.get(
    '/projects/:id/report-templates/:template',
    { config: { access: 'member' }, schema: { tags, params: templateParams, response: { 200: reportTemplateSchema } } },
    async (request) => templates.get((await caller(request.params.id, request)).projectId, request.params.template),
  );
  app.patch(
    '/projects/:id/report-templates/:template',
    {
      config: { access: 'curator' },
      schema: { tags, params: templateParams, body: reportTemplatePatchBody, response: { 200: reportTemplateSchema } },
    },
    async (request) => templates.patch(await caller(request.params.id, request), request.params.template, request.body),
  );
  app.delete(
    '/projects/:id/report-templates/:template',
    { config: { access: 'curator' }, schema: { tags, params: templateParams } },
    async (request, reply) => {
      await templates.remove((await caller(request.params.id, request)).projectId, request.params.template);
      return reply.code(204).send();
    },
  );

  app.get(
    '/projects/:id/reports',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: projectParams,
        querystring: listQuerySchema,
        response: { 200: listBody(reportSchema.partial()) },
      },
    },
    async (request) => {
      const { projectId } = await caller(request.params.id, request);
      return listFromMemory(await reports.list(projectId), request.query, REPORT_LIST);
    },
  );
  app.post(
    '/projects/:id/reports',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        params: projectParams,
        body: reportCreateBody,
        response: { 202: reportSchema },
        description: 'Queues the report of a template over [from, to); GET it to follow its progress',
      },
    },
    async (request, reply) =>
      reply.code(202).send(await reports.create(await caller(request.params.id, request), request.body)),
  );
  app.get(
    '/projects/:id/reports/:report',
    { config: { access: 'member' }, schema: { tags, params: reportParams, response: { 200: reportSchema } } },
    async (request) => reports.get((await caller(request.params.id, request)).projectId, request.params.report),
  );
  app.get(
    '/projects/:id/reports/:report/pdf',
    { config: { access: 'member' }, schema: { tags, params: reportParams, description: 'application/pdf' } },
    async (request, reply) => {
      const { stream, name } = await reports.pdf(
        (await caller(request.params.id, request)).projectId,
        request.params.report,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', disposition(name))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
  app.post(
    '/projects/:id/reports/:report/review',
    {
      config: { access: 'curator' },
      schema: {
        tags,
        params: reportParams,
        body: reviewBody,
        response: { 200: reportSchema },
        description: 'review or reject: administrators and managers; approve: administrators',
      },
    },
    async (request) => reports.review(await caller(request.params.id, request), request.params.report, request.body),
  );
};

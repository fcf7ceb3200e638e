import {
  journalCreateBody,
  journalEntryCreateBody,
  journalEntryHistoryItemSchema,
  journalEntryPatchBody,
  journalEntrySchema,
  journalPatchBody,
  journalSchema,
  listBody,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject } from '../../http/auth-hook.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { filterText, idParams } from '../registry/params.ts';
import { journalService } from './journal-service.ts';
import { journalStore } from './journal-store.ts';

const tags = ['journal'];
const journalListQuery = listQuerySchema.extend({ id: filterText.optional(), title: filterText.optional() });
const entryListQuery = listQuerySchema.extend({
  id: filterText.optional(),
  journal: filterText.optional(),
  author: filterText.optional(),
  device: filterText.optional(),
  tag: filterText.optional(),
  search: filterText.optional(),
});

/**
 * Journals and their entries (requirements#monitoring-calls, requirements#service-contracts): every member reads and
 * writes entries;
 * administrators and managers make and delete journals and change anyone's entries (ADR 0006).
 */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const journals = journalService(journalStore(app.db));

  app.get(
    '/journals',
    {
      config: { access: 'member' },
      schema: { tags, querystring: journalListQuery, response: { 200: listBody(journalSchema.partial()) } },
    },
    async (request) => journals.listJournals(requireProject(request).projectId, request.query),
  );
  app.post(
    '/journals',
    { config: { access: 'curator' }, schema: { tags, body: journalCreateBody, response: { 201: journalSchema } } },
    async (request, reply) => reply.code(201).send(await journals.createJournal(requireProject(request), request.body)),
  );
  app.get(
    '/journals/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, response: { 200: journalSchema } } },
    async (request) => journals.journal(requireProject(request).projectId, request.params.id),
  );
  app.patch(
    '/journals/:id',
    {
      config: { access: 'curator' },
      schema: { tags, params: idParams, body: journalPatchBody, response: { 200: journalSchema } },
    },
    async (request) => journals.patchJournal(requireProject(request), request.params.id, request.body),
  );
  app.delete(
    '/journals/:id',
    { config: { access: 'curator' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await journals.deleteJournal(requireProject(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/journal-entries',
    {
      config: { access: 'member' },
      schema: {
        tags,
        querystring: entryListQuery,
        response: { 200: listBody(journalEntrySchema.partial()) },
        description: 'Entries newest first: journal=, occurred_at.from_time/to_time, device=, tag=, search=',
      },
    },
    async (request) => journals.listEntries(requireProject(request).projectId, request.query),
  );
  app.post(
    '/journal-entries',
    {
      config: { access: 'member' },
      schema: { tags, body: journalEntryCreateBody, response: { 201: journalEntrySchema } },
    },
    async (request, reply) => reply.code(201).send(await journals.createEntry(requireProject(request), request.body)),
  );
  app.get(
    '/journal-entries/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams, response: { 200: journalEntrySchema } } },
    async (request) => journals.entry(requireProject(request).projectId, request.params.id),
  );
  app.patch(
    '/journal-entries/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        body: journalEntryPatchBody,
        response: { 200: journalEntrySchema },
        description: 'Changes only the fields sent; the change is kept in the history',
      },
    },
    async (request) => journals.patchEntry(requireProject(request), request.params.id, request.body),
  );
  app.delete(
    '/journal-entries/:id',
    { config: { access: 'member' }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await journals.deleteEntry(requireProject(request), request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/journal-entries/:id/history',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ objects: z.array(journalEntryHistoryItemSchema) }) },
        description: 'Every change: who, when, which fields, old and new values',
      },
    },
    async (request) => journals.entryHistory(requireProject(request).projectId, request.params.id),
  );
};

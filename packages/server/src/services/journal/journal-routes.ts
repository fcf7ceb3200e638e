import {
  journalCreateBody,
  journalEntryCreateBody,
  journalEntryHistoryItemSchema,
  journalEntryPatchBody,
  journalEntrySchema,
  journalPatchBody,
  journalSchema,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes, textFilteredListQuery } from '../../http/resource-routes.ts';
import { journalService } from './journal-service.ts';
import { journalStore } from './journal-store.ts';

const tags = ['journal'];
const journalListQuery = textFilteredListQuery('id', 'title');
const entryListQuery = textFilteredListQuery('id', 'journal', 'author', 'device', 'tag', 'search');

/**
 * Journals and their entries (requirements#monitoring-calls, requirements#service-contracts): every member reads and
 * writes entries;
 * administrators and managers make and delete journals and change anyone's entries (ADR 0006).
 */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = journalService(journalStore(app.db));

  const journals = resourceRoutes(app, '/journals', journalSchema, {
    tags,
    access: { read: 'member', write: 'curator' },
  });
  journals.list({ query: journalListQuery }, ({ actor, query }) => service.listJournals(actor.projectId, query));
  journals.create({ body: journalCreateBody }, ({ actor, body }) => service.createJournal(actor, body));
  journals.get({}, ({ actor, params }) => service.journal(actor.projectId, params.id));
  journals.patch({ body: journalPatchBody }, ({ actor, params, body }) => service.patchJournal(actor, params.id, body));
  journals.remove({}, ({ actor, params }) => service.deleteJournal(actor, params.id));

  const entries = resourceRoutes(app, '/journal-entries', journalEntrySchema, {
    tags,
    access: { read: 'member', write: 'member' },
  });
  entries.list(
    {
      query: entryListQuery,
      description: 'Entries newest first: journal=, occurred_at.from_time/to_time, device=, tag=, search=',
    },
    ({ actor, query }) => service.listEntries(actor.projectId, query),
  );
  entries.create({ body: journalEntryCreateBody }, ({ actor, body }) => service.createEntry(actor, body));
  entries.get({}, ({ actor, params }) => service.entry(actor.projectId, params.id));
  entries.patch(
    { body: journalEntryPatchBody, description: 'Changes only the fields sent; the change is kept in the history' },
    ({ actor, params, body }) => service.patchEntry(actor, params.id, body),
  );
  entries.remove({}, ({ actor, params }) => service.deleteEntry(actor, params.id));
  entries.history(
    { entry: journalEntryHistoryItemSchema, description: 'Every change: who, when, which fields, old and new values' },
    ({ actor, params }) => service.entryHistory(actor.projectId, params.id),
  );
};

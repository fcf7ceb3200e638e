import {
  changedFields,
  isCurator,
  JOURNAL_ENTRY_FIELDS,
  type journalCreateBody,
  type journalEntryCreateBody,
  type JournalEntryPatchBody,
  type journalPatchBody,
} from '@vigil/domain';
import type { z } from 'zod';
import { fromJson, newId, nowIso, toJson } from '../../db/values.ts';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { forbidden, notFound, validationError, type ErrorDetails } from '../../http/errors.ts';
import { listBody, parseListQuery, type ListQueryInput } from '../../http/list-query.ts';
import { presentEntry, presentEntryHistory, presentJournal } from './journal-presenter.ts';
import {
  ENTRY_LIST,
  JOURNAL_LIST,
  type EntrySearch,
  type JournalEntryRow,
  type JournalStore,
} from './journal-store.ts';

type EntryField = (typeof JOURNAL_ENTRY_FIELDS)[number];
type EntryValues = Record<EntryField, unknown>;

/** An entry's fields as the API names them, for its history. */
function entryValues(row: JournalEntryRow): EntryValues {
  return {
    title: row.title,
    text: row.text,
    occurred_at: row.occurred_at,
    tags: fromJson(row.tags, []),
    monitored_entity_ids: fromJson(row.monitored_entity_ids, []),
    attachments: fromJson(row.attachments, []),
  };
}

const canonicalTime = (iso: string) => new Date(iso).toISOString();

/** Journals and their entries, every change to an entry kept in its history (ADR 0027). */
export function journalService(store: JournalStore) {
  async function requireJournal(projectId: string, id: string) {
    const row = await store.journal(projectId, id);
    if (!row) throw notFound('Journal not found');
    return row;
  }

  async function requireEntry(projectId: string, id: string) {
    const row = await store.entry(projectId, id);
    if (!row) throw notFound('Journal entry not found');
    return row;
  }

  /** Devices and media files must be the project's own. */
  async function checkReferences(projectId: string, body: { monitored_entity_ids?: string[]; attachments?: string[] }) {
    const details: ErrorDetails = {};
    const devices = body.monitored_entity_ids ?? [];
    const knownDevices = await store.knownEntities(projectId, devices);
    const unknownDevices = devices.filter((id) => !knownDevices.has(id));
    if (unknownDevices.length) details.monitored_entity_ids = [`No such device: ${unknownDevices.join(', ')}`];
    const files = body.attachments ?? [];
    const knownFiles = await store.knownMedia(projectId, files);
    const unknownFiles = files.filter((id) => !knownFiles.has(id));
    if (unknownFiles.length) details.attachments = [`No such file: ${unknownFiles.join(', ')}`];
    if (Object.keys(details).length) throw validationError('Invalid journal entry', details);
  }

  /** Operators change their own entries; administrators and managers anyone's (ADR 0006). */
  function requireAuthorOrCurator(actor: ProjectActor, row: JournalEntryRow) {
    if (!isCurator(actor.activeRole?.name) && row.author !== actor.username) throw forbidden();
  }

  function requireCurator(actor: ProjectActor) {
    if (!isCurator(actor.activeRole?.name)) throw forbidden();
  }

  return {
    async listJournals(projectId: string, input: ListQueryInput) {
      const query = parseListQuery(input, JOURNAL_LIST);
      const { count, rows } = await store.listJournals(projectId, query);
      return listBody(query, count, rows.map(presentJournal));
    },

    async journal(projectId: string, id: string) {
      return presentJournal(await requireJournal(projectId, id));
    },

    async createJournal(actor: ProjectActor, body: z.output<typeof journalCreateBody>) {
      requireCurator(actor);
      const now = nowIso();
      const row = {
        id: newId(),
        project_id: actor.projectId,
        title: body.title,
        description: body.description,
        created_at: now,
        created_by: actor.username,
        updated_at: now,
      };
      await store.insertJournal(row);
      return presentJournal(row);
    },

    async patchJournal(actor: ProjectActor, id: string, body: z.output<typeof journalPatchBody>) {
      requireCurator(actor);
      await requireJournal(actor.projectId, id);
      await store.updateJournal(actor.projectId, id, { ...body, updated_at: nowIso() });
      return presentJournal(await requireJournal(actor.projectId, id));
    },

    async deleteJournal(actor: ProjectActor, id: string) {
      requireCurator(actor);
      await requireJournal(actor.projectId, id);
      await store.deleteJournal(actor.projectId, id);
    },

    /** Entries of a journal (or of all), newest first, by period, device, tag or text. */
    async listEntries(projectId: string, input: ListQueryInput & EntrySearch) {
      const { device, tag, search, ...rest } = input;
      const query = parseListQuery(rest, ENTRY_LIST);
      const { count, rows } = await store.listEntries(projectId, query, { device, tag, search });
      return listBody(query, count, rows.map(presentEntry));
    },

    async entry(projectId: string, id: string) {
      return presentEntry(await requireEntry(projectId, id));
    },

    async createEntry(actor: ProjectActor, body: z.output<typeof journalEntryCreateBody>) {
      const journal = await store.journal(actor.projectId, body.journal);
      if (!journal) throw validationError('Invalid journal entry', { journal: ['No such journal'] });
      await checkReferences(actor.projectId, body);
      const now = nowIso();
      const row: JournalEntryRow = {
        id: newId(),
        project_id: actor.projectId,
        journal_id: journal.id,
        title: body.title,
        text: body.text,
        occurred_at: canonicalTime(body.occurred_at),
        author: actor.username,
        tags: toJson([...new Set(body.tags)]),
        monitored_entity_ids: toJson([...new Set(body.monitored_entity_ids)]),
        attachments: toJson([...new Set(body.attachments)]),
        created_at: now,
        updated_at: now,
        updated_by: actor.username,
      };
      const values = entryValues(row);
      const changes = JOURNAL_ENTRY_FIELDS.map((field) => ({ field, old: null, new: values[field] }));
      await store.insertEntry(row, {
        id: newId(),
        entry_id: row.id,
        action: 'created',
        at: now,
        user_name: actor.username,
        changes: toJson(changes),
      });
      return presentEntry(row);
    },

    /** Changes only the fields sent, and records which changed, from what to what. */
    async patchEntry(actor: ProjectActor, id: string, body: JournalEntryPatchBody) {
      const row = await requireEntry(actor.projectId, id);
      requireAuthorOrCurator(actor, row);
      await checkReferences(actor.projectId, body);
      const before = entryValues(row);
      const after: Partial<EntryValues> = {
        ...body,
        ...(body.occurred_at ? { occurred_at: canonicalTime(body.occurred_at) } : {}),
        ...(body.tags ? { tags: [...new Set(body.tags)] } : {}),
      };
      const changes = Object.entries(changedFields(before, after, JOURNAL_ENTRY_FIELDS)).map(([field, change]) => ({
        field: field as EntryField,
        ...change!,
      }));
      if (changes.length === 0) return presentEntry(row);
      const now = nowIso();
      const columns = Object.fromEntries(
        changes.map(({ field, new: value }) => [field, typeof value === 'string' ? value : toJson(value)]),
      );
      await store.updateEntry(
        actor.projectId,
        id,
        { ...columns, updated_at: now, updated_by: actor.username },
        { id: newId(), entry_id: id, action: 'updated', at: now, user_name: actor.username, changes: toJson(changes) },
      );
      return presentEntry(await requireEntry(actor.projectId, id));
    },

    async deleteEntry(actor: ProjectActor, id: string) {
      const row = await requireEntry(actor.projectId, id);
      requireAuthorOrCurator(actor, row);
      await store.deleteEntry(actor.projectId, id);
    },

    async entryHistory(projectId: string, id: string) {
      await requireEntry(projectId, id);
      return { objects: (await store.entryHistory(id)).map(presentEntryHistory) };
    },
  };
}

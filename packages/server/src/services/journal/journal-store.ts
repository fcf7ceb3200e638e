import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type {
  DataSessionsTable,
  JournalEntriesTable,
  JournalEntryHistoryTable,
  JournalsTable,
} from '../../db/schema.ts';
import { projectRows, projectRowsWithHistory } from '../../db/project-rows.ts';
import { runListQuery, sameNamedColumns, type ListQuery, type ListSpec } from '../../http/list-query.ts';

export type JournalRow = Selectable<JournalsTable>;
export type JournalEntryRow = Selectable<JournalEntriesTable>;
export type EntryHistoryRow = Selectable<JournalEntryHistoryTable>;
export type DataSessionRow = Selectable<DataSessionsTable> & { readings_count: number };

export const JOURNAL_LIST: ListSpec = {
  columns: sameNamedColumns(['id', 'title', 'created_at', 'updated_at']),
  filters: ['id', 'title'],
  ranges: ['created_at'],
  defaultOrdering: '-created_at',
  tieBreaker: 'id',
};

export const ENTRY_LIST: ListSpec = {
  columns: {
    id: 'id',
    journal: 'journal_id',
    title: 'title',
    author: 'author',
    occurred_at: 'occurred_at',
    created_at: 'created_at',
    updated_at: 'updated_at',
  },
  filters: ['id', 'journal', 'author'],
  ranges: ['occurred_at', 'created_at'],
  defaultOrdering: '-occurred_at',
  tieBreaker: 'id',
};

export const SESSION_LIST: ListSpec = {
  columns: sameNamedColumns(['id', 'title', 'author', 'status', 'started_at']),
  filters: ['id', 'author', 'status'],
  ranges: ['started_at'],
  defaultOrdering: '-started_at',
  tieBreaker: 'id',
};

/** Entries naming a device or a tag, or holding a text: the JSON lists are searched as text. */
export interface EntrySearch {
  device?: string;
  tag?: string;
  search?: string;
}

/** `column LIKE '%text%'` with the text taken literally, on SQLite and PostgreSQL alike; `column` is ours. */
const contains = (column: 'monitored_entity_ids' | 'tags' | 'lower(title)' | 'lower(text)', text: string) =>
  sql<boolean>`${sql.raw(column)} like ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/** All SQL of the journal service (ADR 0027). */
export function journalStore(db: Db) {
  const sessions = () =>
    db
      .selectFrom('data_sessions')
      .selectAll('data_sessions')
      .select((eb) =>
        eb
          .selectFrom('manual_readings')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('manual_readings.data_session_id', '=', 'data_sessions.id')
          .as('readings_count'),
      );
  const journals = projectRows(db, 'journals');
  const entries = projectRowsWithHistory(db, 'journal_entries', 'journal_entry_history', 'entry_id');
  const dataSessions = projectRows(db, 'data_sessions');

  return {
    listJournals: (projectId: string, query: ListQuery) =>
      runListQuery(db.selectFrom('journals').selectAll().where('project_id', '=', projectId), query, JOURNAL_LIST),

    journal: journals.find,
    insertJournal: journals.insert,

    async updateJournal(projectId: string, id: string, changes: Updateable<JournalsTable>) {
      if (!Object.keys(changes).length) return;
      await journals.update(projectId, id, changes);
    },

    deleteJournal: journals.remove,

    listEntries(projectId: string, query: ListQuery, search: EntrySearch) {
      let qb = db.selectFrom('journal_entries').selectAll().where('project_id', '=', projectId);
      if (search.device) qb = qb.where(contains('monitored_entity_ids', `"${search.device}"`));
      if (search.tag) qb = qb.where(contains('tags', JSON.stringify(search.tag)));
      if (search.search) {
        const text = search.search.toLowerCase();
        qb = qb.where((eb) => eb.or([contains('lower(title)', text), contains('lower(text)', text)]));
      }
      return runListQuery(qb, query, ENTRY_LIST);
    },

    entry: entries.find,
    insertEntry: entries.insert,
    updateEntry: entries.update,
    deleteEntry: entries.remove,
    entryHistory: entries.history,

    /** Which of `ids` are devices of the project. */
    async knownEntities(projectId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('monitored_entities')
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Which of `ids` are uploaded media files of the project. */
    async knownMedia(projectId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('media_files')
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    listSessions: (projectId: string, query: ListQuery) =>
      runListQuery(sessions().where('project_id', '=', projectId), query, SESSION_LIST) as Promise<{
        count: number;
        rows: DataSessionRow[];
      }>,

    session: (projectId: string, id: string) =>
      sessions().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst() as Promise<
        DataSessionRow | undefined
      >,

    insertSession: dataSessions.insert,

    async updateSession(projectId: string, id: string, changes: Updateable<DataSessionsTable>) {
      // A PATCH of nothing changes nothing; SQL has no UPDATE without a column.
      if (!Object.keys(changes).length) return;
      await dataSessions.update(projectId, id, changes);
    },
  };
}

export type JournalStore = ReturnType<typeof journalStore>;

/** The entity lists (JSON) of the project's journal entries whose list may name the entity. */
export const findEntriesMaybeNaming = (db: Db, projectId: string, entityId: string) =>
  db
    .selectFrom('journal_entries')
    .select('monitored_entity_ids')
    .where('project_id', '=', projectId)
    .where('monitored_entity_ids', 'like', `%"${entityId}"%`)
    .execute();

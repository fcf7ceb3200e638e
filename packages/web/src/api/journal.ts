import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  DataSession,
  DataSessionCreateBody,
  DataSessionPatchBody,
  IngestResult,
  Journal,
  JournalCreateBody,
  JournalEntry,
  JournalEntryCreateBody,
  JournalEntryHistoryItem,
  JournalEntryPatchBody,
  ListBody,
  ManualPayload,
  ManualReading,
  ManualReadingCorrectionBody,
  ManualReadingHistoryItem,
  ReadingChecks,
} from '@vigil/domain';
import { API, api, listAll, type Query } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Filters of `GET journal-entries` (requirements#service-contracts). */
export interface EntryQuery {
  journal?: string;
  'occurred_at.from_time'?: string;
  'occurred_at.to_time'?: string;
  device?: string;
  tag?: string;
  search?: string;
}

const JOURNAL = API.journal;
/** Entries a page: the journal shows the newest and fetches more on demand. */
export const ENTRY_PAGE_SIZE = 50;

/**
 * The journal service's calls (requirements#monitoring-calls, requirements#service-contracts) and the manual readings
 * of ingest. Lists are
 * quiet: the screens say themselves what failed, in the spec's words.
 */
export const journalApi = {
  journals: () => listAll<Journal>(`${JOURNAL}/journals`, { quiet: true }),
  createJournal: (body: JournalCreateBody) => api.post<Journal>(`${JOURNAL}/journals`, body),
  patchJournal: (id: string, body: Partial<JournalCreateBody>) => api.patch<Journal>(`${JOURNAL}/journals/${id}`, body),
  deleteJournal: (id: string) => api.delete(`${JOURNAL}/journals/${id}`),

  entries: (query: EntryQuery, page: number) =>
    api.get<ListBody<JournalEntry>>(`${JOURNAL}/journal-entries`, {
      query: { ...(query as Query), paginate_by: ENTRY_PAGE_SIZE, page },
      quiet: true,
    }),
  createEntry: (body: JournalEntryCreateBody) => api.post<JournalEntry>(`${JOURNAL}/journal-entries`, body),
  /** only the fields that changed: the history records exactly those */
  patchEntry: (id: string, body: JournalEntryPatchBody) =>
    api.patch<JournalEntry>(`${JOURNAL}/journal-entries/${id}`, body),
  deleteEntry: (id: string) => api.delete(`${JOURNAL}/journal-entries/${id}`),
  entryHistory: (id: string) =>
    api.get<{ objects: JournalEntryHistoryItem[] }>(`${JOURNAL}/journal-entries/${id}/history`, { quiet: true }),

  sessions: () => listAll<DataSession>(`${JOURNAL}/data-sessions`, { query: { ordering: '-started_at' }, quiet: true }),
  session: (id: string) => api.get<DataSession>(`${JOURNAL}/data-sessions/${id}`, { quiet: true }),
  createSession: (body: DataSessionCreateBody) =>
    api.post<DataSession>(`${JOURNAL}/data-sessions`, body, { quiet: true }),
  patchSession: (id: string, body: DataSessionPatchBody) =>
    api.patch<DataSession>(`${JOURNAL}/data-sessions/${id}`, body, { quiet: true }),

  /** Readings entered by hand go through the one ingest pipeline, with their session. */
  sendManualReadings: (payloads: ManualPayload[]) =>
    api.post<IngestResult>(`${API.ingest}/payloads`, payloads, { quiet: true }),
  manualReadings: (query: { data_session?: string; monitored_entity_id?: string }) =>
    api.get<{ objects: ManualReading[] }>(`${API.ingest}/manual-readings`, { query, quiet: true }),
  correctReading: (id: string, body: ManualReadingCorrectionBody) =>
    api.patch<ManualReading>(`${API.ingest}/manual-readings/${id}`, body, { quiet: true }),
  /** Check readings (ADR 0042): each manual reading of a logger-read device beside its logger's nearest reading. */
  readingChecks: (query: { data_session: string }) =>
    api.get<ReadingChecks>(`${API.ingest}/manual-readings/checks`, { query, quiet: true }),
  readingHistory: (id: string) =>
    api.get<{ objects: ManualReadingHistoryItem[] }>(`${API.ingest}/manual-readings/${id}/history`, { quiet: true }),
};

export type JournalApi = typeof journalApi;

const JOURNAL_STALE_MS = 60_000;

export const journalsQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.journal.journals(projectId),
    queryFn: journalApi.journals,
    staleTime: JOURNAL_STALE_MS,
  });

/** A journal's entries, newest first, a page at a time. */
export const entriesQuery = (projectId: string, query: EntryQuery) =>
  infiniteQueryOptions({
    queryKey: queryKeys.journal.entryList(projectId, query),
    queryFn: ({ pageParam }) => journalApi.entries(query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.paginate_by < last.count ? last.page + 1 : undefined),
    staleTime: JOURNAL_STALE_MS,
  });

export const entryHistoryQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.journal.entryHistory(projectId, id),
    queryFn: () => journalApi.entryHistory(id),
  });

export const dataSessionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.journal.sessions(projectId),
    queryFn: journalApi.sessions,
    staleTime: JOURNAL_STALE_MS,
  });

export const dataSessionQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.journal.session(projectId, id),
    queryFn: () => journalApi.session(id),
  });

export const sessionReadingsQuery = (projectId: string, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.journal.manualReadings(projectId, { data_session: sessionId }),
    queryFn: () => journalApi.manualReadings({ data_session: sessionId }),
  });

/** Under the session's readings' key, so that a correction, which refreshes those, refreshes the checks too. */
export const sessionChecksQuery = (projectId: string, sessionId: string) =>
  queryOptions({
    queryKey: [...queryKeys.journal.manualReadings(projectId, { data_session: sessionId }), 'checks'] as const,
    queryFn: () => journalApi.readingChecks({ data_session: sessionId }),
  });

export const manualReadingHistoryQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.journal.manualReadingHistory(projectId, id),
    queryFn: () => journalApi.readingHistory(id),
  });

import type { DataSession, Journal, JournalEntry, JournalEntryHistoryItem } from '@vigil/domain';
import { fromJson } from '../../db/values.ts';
import type { DataSessionRow, EntryHistoryRow, JournalEntryRow, JournalRow } from './journal-store.ts';

export const presentJournal = (row: JournalRow): Journal => ({
  id: row.id,
  title: row.title,
  description: row.description,
  created_at: row.created_at,
  created_by: row.created_by,
  updated_at: row.updated_at,
});

export const presentEntry = (row: JournalEntryRow): JournalEntry => ({
  id: row.id,
  journal: row.journal_id,
  title: row.title,
  text: row.text,
  occurred_at: row.occurred_at,
  author: row.author,
  tags: fromJson<string[]>(row.tags, []),
  monitored_entity_ids: fromJson<string[]>(row.monitored_entity_ids, []),
  attachments: fromJson<string[]>(row.attachments, []),
  created_at: row.created_at,
  updated_at: row.updated_at,
  updated_by: row.updated_by,
});

export const presentEntryHistory = (row: EntryHistoryRow): JournalEntryHistoryItem => ({
  id: row.id,
  action: row.action,
  at: row.at,
  user: row.user_name,
  changes: fromJson(row.changes, []),
});

export const presentSession = (row: DataSessionRow): DataSession => ({
  id: row.id,
  title: row.title,
  started_at: row.started_at,
  ended_at: row.ended_at,
  author: row.author,
  status: row.status,
  readings_count: Number(row.readings_count ?? 0),
});

import { z } from 'zod';
import { idSchema } from './api.ts';

/**
 * The journal service (`/inmt-journal/api/v1`, requirements#monitoring-calls, requirements#service-contracts, ADR
 * 0027): journals of
 * inspections and events, their entries with a history of every change, and the data sessions of
 * manual readings.
 */

/** The list failure text, as the spec spells it (requirements#monitoring-errors). */
export const JOURNAL_LIST_FAILED = 'There was an issue retreiving the journal for project';

const isoTime = z.iso.datetime({ offset: true, error: 'Enter an ISO-8601 date and time with its zone' });
const title = z.string().trim().min(1, 'Required').max(200);
const tags = z.array(z.string().trim().min(1).max(100)).max(50);

export const journalSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
});
export type Journal = z.infer<typeof journalSchema>;

export const journalCreateBody = z.strictObject({
  title,
  description: z.string().max(4000).default(''),
});
export type JournalCreateBody = z.input<typeof journalCreateBody>;

export const journalPatchBody = z.strictObject({
  title: title.optional(),
  description: z.string().max(4000).optional(),
});

export const journalEntrySchema = z.object({
  id: z.string(),
  journal: z.string(),
  title: z.string(),
  text: z.string(),
  occurred_at: z.string(),
  author: z.string().nullable(),
  tags: z.array(z.string()),
  monitored_entity_ids: z.array(z.string()),
  /** media file ids */
  attachments: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** The fields of an entry a user writes; the rest the service keeps. */
const entryFields = {
  title,
  text: z.string().max(20_000).default(''),
  occurred_at: isoTime,
  tags: tags.default([]),
  monitored_entity_ids: z.array(idSchema).max(200).default([]),
  attachments: z.array(idSchema).max(50).default([]),
};

export const journalEntryCreateBody = z.strictObject({ journal: idSchema, ...entryFields });
export type JournalEntryCreateBody = z.input<typeof journalEntryCreateBody>;

/** `PATCH journal-entries/{id}`: only the fields that changed. */
export const journalEntryPatchBody = z
  .strictObject({
    title: entryFields.title.optional(),
    text: z.string().max(20_000).optional(),
    occurred_at: isoTime.optional(),
    tags: tags.optional(),
    monitored_entity_ids: z.array(idSchema).max(200).optional(),
    attachments: z.array(idSchema).max(50).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type JournalEntryPatchBody = z.infer<typeof journalEntryPatchBody>;

/** The fields an entry's history records. */
export const JOURNAL_ENTRY_FIELDS = [
  'title',
  'text',
  'occurred_at',
  'tags',
  'monitored_entity_ids',
  'attachments',
] as const;

export const entryChangeSchema = z.object({
  field: z.string(),
  old: z.unknown(),
  new: z.unknown(),
});

/** One change to an entry: who, when, which fields, old and new values (requirements#service-contracts). */
export const journalEntryHistoryItemSchema = z.object({
  id: z.string(),
  action: z.enum(['created', 'updated']),
  at: z.string(),
  user: z.string().nullable(),
  changes: z.array(entryChangeSchema),
});
export type JournalEntryHistoryItem = z.infer<typeof journalEntryHistoryItemSchema>;

export const DATA_SESSION_STATUSES = ['open', 'submitted'] as const;
export type DataSessionStatus = (typeof DATA_SESSION_STATUSES)[number];

export const dataSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  author: z.string().nullable(),
  status: z.enum(DATA_SESSION_STATUSES),
  readings_count: z.number(),
});
export type DataSession = z.infer<typeof dataSessionSchema>;

export const dataSessionCreateBody = z.strictObject({
  title,
  started_at: isoTime.optional(),
});
export type DataSessionCreateBody = z.input<typeof dataSessionCreateBody>;

/** Submitting ends a session: its readings are in, and it takes no more. */
export const dataSessionPatchBody = z.strictObject({
  title: title.optional(),
  status: z.literal('submitted').optional(),
});
export type DataSessionPatchBody = z.infer<typeof dataSessionPatchBody>;

/** A manual reading as its data session lists it: what was entered, by whom, and its last correction. */
export const manualReadingSchema = z.object({
  id: z.string(),
  data_session: z.string(),
  monitored_entity_id: z.string(),
  data_point_id: z.string().nullable(),
  read_at: z.string(),
  raw_metrics: z.record(z.string(), z.number()),
  entered_by: z.string().nullable(),
  entered_at: z.string(),
  corrected_by: z.string().nullable(),
  corrected_at: z.string().nullable(),
});
export type ManualReading = z.infer<typeof manualReadingSchema>;

/** `PATCH manual-readings/{id}`: the corrected raw values, and why. */
export const manualReadingCorrectionBody = z.strictObject({
  raw_metrics: z.record(z.string().max(64), z.number()).refine((m) => Object.keys(m).length > 0, 'Give a value'),
  reason: z.string().trim().min(1, 'Say why the reading is corrected').max(1000),
});
export type ManualReadingCorrectionBody = z.infer<typeof manualReadingCorrectionBody>;

/** One record of a manual reading's history: entered, then each correction with its old values kept. */
export const manualReadingHistoryItemSchema = z.object({
  id: z.string(),
  action: z.enum(['entered', 'corrected']),
  at: z.string(),
  user: z.string().nullable(),
  raw_metrics: z.record(z.string(), z.number()),
  reason: z.string().nullable(),
});
export type ManualReadingHistoryItem = z.infer<typeof manualReadingHistoryItemSchema>;

import {
  journalEntryCreateBody,
  type JournalEntry,
  type JournalEntryCreateBody,
  type JournalEntryPatchBody,
} from '@vigil/domain';
import { z } from 'zod';
import { isoFromLocal, localDateTime } from '../../../components/dates/local-date-time.ts';

/** The entry dialog's fields: the occurred-at time as a datetime-local text, the rest as the entry has them. */
export interface EntryFormValues {
  title: string;
  text: string;
  occurredAt: string;
  tags: string[];
  deviceIds: string[];
  attachmentIds: string[];
}

const fields = journalEntryCreateBody.shape;

/** The same rules as the service (the domain's schema), on the dialog's fields. */
export const entryFormSchema = z.object({
  title: fields.title,
  text: z.string().max(20_000),
  occurredAt: z.string().refine((text) => isoFromLocal(text) !== null),
  tags: z.array(z.string().trim().min(1).max(100)).max(50),
  deviceIds: z.array(z.string()).max(200),
  attachmentIds: z.array(z.string()).max(50),
});

/** The dialog's starting values: the entry's, or a new entry's occurring now. */
export function entryFormValues(entry: JournalEntry | null, now: Date): EntryFormValues {
  return {
    title: entry?.title ?? '',
    text: entry?.text ?? '',
    occurredAt: localDateTime(entry ? new Date(entry.occurred_at) : now),
    tags: entry?.tags ?? [],
    deviceIds: entry?.monitored_entity_ids ?? [],
    attachmentIds: entry?.attachments ?? [],
  };
}

/** Tags as written: trimmed, without blanks or repeats. */
export const cleanTags = (tags: readonly string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

export function createBody(journalId: string, values: EntryFormValues): JournalEntryCreateBody {
  return {
    journal: journalId,
    title: values.title.trim(),
    text: values.text,
    occurred_at: isoFromLocal(values.occurredAt)!,
    tags: cleanTags(values.tags),
    monitored_entity_ids: values.deviceIds,
    attachments: values.attachmentIds,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * `PATCH journal-entries/{id}` with only the fields that changed, so that the history names exactly
 * those; null when nothing changed. An untouched time is not sent, though the dialog shows it to the minute.
 */
export function changedFields(entry: JournalEntry, values: EntryFormValues): JournalEntryPatchBody | null {
  const before = entryFormValues(entry, new Date());
  const body: JournalEntryPatchBody = {};
  if (values.title.trim() !== entry.title) body.title = values.title.trim();
  if (values.text !== entry.text) body.text = values.text;
  if (values.occurredAt !== before.occurredAt) body.occurred_at = isoFromLocal(values.occurredAt)!;
  const tags = cleanTags(values.tags);
  if (!sameList(tags, entry.tags)) body.tags = tags;
  if (!sameList(values.deviceIds, entry.monitored_entity_ids)) body.monitored_entity_ids = values.deviceIds;
  if (!sameList(values.attachmentIds, entry.attachments)) body.attachments = values.attachmentIds;
  return Object.keys(body).length ? body : null;
}

import type { JournalEntryHistoryItem } from '@vigil/domain';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';

/** What a history needs to show ids as names: devices by title, files by label. */
export interface HistoryNames {
  locale: string;
  device(id: string): string | undefined;
  file(id: string): string | undefined;
  /** what an empty value reads as ("none") */
  none: string;
}

/** One change as shown: its field, and the old and new values as text. */
export interface ChangeText {
  field: string;
  old: string;
  new: string;
}

const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** A field's value as a person reads it: a time in the interface language, devices and files by name, lists joined. */
export function valueText(field: string, value: unknown, names: HistoryNames): string {
  if (value === null || value === undefined || value === '') return names.none;
  switch (field) {
    case 'occurred_at':
      return typeof value === 'string' ? formatDisplayDate(value, names.locale) || value : String(value);
    case 'monitored_entity_ids':
      return (
        list(value)
          .map((id) => names.device(id) ?? id)
          .join(', ') || names.none
      );
    case 'attachments':
      return (
        list(value)
          .map((id) => names.file(id) ?? id)
          .join(', ') || names.none
      );
    case 'tags':
      return list(value).join(', ') || names.none;
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** An entry's history newest first, each change with its old and new values as text. */
export function historyRows(items: readonly JournalEntryHistoryItem[], names: HistoryNames) {
  return [...items]
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((item) => ({
      ...item,
      texts: item.changes.map((change): ChangeText => ({
        field: change.field,
        old: valueText(change.field, change.old, names),
        new: valueText(change.field, change.new, names),
      })),
    }));
}

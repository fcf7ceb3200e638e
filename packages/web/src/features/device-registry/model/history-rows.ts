import type { RegistryHistoryEntry } from '@vigil/domain';
import type { ChangeHistoryRow } from '../../../components/history/change-history-list.tsx';

/** The words a registry history needs: headings, field names, and how empty and yes/no values read. */
export interface HistoryWords {
  heading(action: RegistryHistoryEntry['action'], user: string | null): string;
  field(name: string): string;
  none: string;
  yes: string;
  no: string;
}

/** A field's value as a person reads it: empty as "none", flags as yes/no, lists joined, points as latitude, longitude. */
export function valueText(value: unknown, words: HistoryWords): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length
      ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
      : words.none;
  const point = value as { type?: unknown; coordinates?: unknown };
  if (point.type === 'Point' && Array.isArray(point.coordinates)) {
    const [lon, lat] = point.coordinates as [number, number];
    return `${lat}, ${lon}`;
  }
  const named = value as { title?: unknown; name?: unknown; eid?: unknown };
  if (typeof named.title === 'string' || typeof named.name === 'string')
    return String(named.eid ?? named.title ?? named.name);
  return JSON.stringify(value);
}

/** A registry history as the change list shows it, newest first, each changed field with its old and new value. */
export function historyRows(entries: readonly RegistryHistoryEntry[], words: HistoryWords): ChangeHistoryRow[] {
  return [...entries]
    .sort((a, b) => b.changed_at.localeCompare(a.changed_at))
    .map((entry) => ({
      id: entry.id,
      at: entry.changed_at,
      heading: words.heading(entry.action, entry.changed_by),
      changes: Object.entries(entry.fields).map(([field, change]) => ({
        field,
        label: words.field(field),
        old: valueText(change.old, words),
        new: valueText(change.new, words),
      })),
    }));
}

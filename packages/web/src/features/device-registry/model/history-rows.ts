import type { RegistryHistoryEntry } from '@vigil/domain';
import type { ChangeHistoryRow } from '../../../components/history/change-history-list.tsx';

/** The words a registry history needs: headings, field names, and how empty and yes/no values read. */
export interface HistoryWords {
  heading(action: RegistryHistoryEntry['action'], user: string | null): string;
  field(name: string): string;
  none: string;
  yes: string;
  no: string;
  /** a date as the app shows it; the ISO text without it */
  date?(iso: string): string;
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
      changes: Object.entries(entry.fields).map(([field, change]) => {
        // a calibration's change is one field `calibrations.<id>` holding its user fields (ADR 0038)
        const text = field.startsWith('calibrations.') ? calibrationText : valueText;
        return { field, label: words.field(field), old: text(change.old, words), new: text(change.new, words) };
      }),
    }));
}

/** A calibration as its history holds it: its date, factors, serial number and notes; none when added or deleted. */
export function calibrationText(value: unknown, words: HistoryWords): string {
  const c = value as { effective_from?: unknown; factors?: unknown; serial_number?: unknown; notes?: unknown } | null;
  if (!c || typeof c !== 'object' || typeof c.effective_from !== 'string') return valueText(value, words);
  const factors = Object.entries((c.factors ?? {}) as Record<string, unknown>).map(([k, v]) => `${k} = ${String(v)}`);
  const date = words.date ? words.date(c.effective_from) : c.effective_from;
  return [date, factors.join(', '), c.serial_number, c.notes]
    .filter((part) => typeof part === 'string' && part)
    .join(' · ');
}

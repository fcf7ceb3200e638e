import { statePriority } from '@vigil/domain';
import type { RegisterRow } from '../api/devices-api.ts';

export const DEVICE_STATUSES = ['active', 'maintenance', 'turnedOff', 'decommissioned'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** What the table is narrowed to; empty strings mean "any". */
export interface DeviceFilters {
  search: string;
  groupId: string;
  schemeId: string;
  /** a safety-state colour */
  state: string;
  status: DeviceStatus | '';
}

export const NO_FILTERS: DeviceFilters = { search: '', groupId: '', schemeId: '', state: '', status: '' };

export const SORT_COLUMNS = ['title', 'eid', 'scheme', 'state', 'updated_at'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface Sorting {
  column: SortColumn;
  direction: 'asc' | 'desc';
}
export const DEFAULT_SORTING: Sorting = { column: 'title', direction: 'asc' };

/** Whether a device is decommissioned, turned off, in maintenance or none of these (active). */
export function statusOf(row: Pick<RegisterRow, 'decommissioned' | 'turned_off' | 'maintenance_mode'>): DeviceStatus {
  if (row.decommissioned) return 'decommissioned';
  if (row.turned_off) return 'turnedOff';
  if (row.maintenance_mode) return 'maintenance';
  return 'active';
}

/**
 * The rows the filters keep: the search matches the title or the EID anywhere, case and accents
 * aside; `members` holds the ids of the chosen group's devices.
 */
export function filterRows(
  rows: readonly RegisterRow[],
  filters: DeviceFilters,
  members: ReadonlySet<string> | null,
): RegisterRow[] {
  const needle = fold(filters.search.trim());
  return rows.filter(
    (row) =>
      (!needle || fold(row.title).includes(needle) || fold(row.eid).includes(needle)) &&
      (!members || members.has(row.id)) &&
      (!filters.schemeId || row.scheme?.id === filters.schemeId) &&
      (!filters.state || row.safety_state === filters.state) &&
      (!filters.status || statusOf(row) === filters.status),
  );
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The rows in the order asked: names in the interface language's order, numbers in numeric order (PZ-2 before PZ-10). */
export function sortRows(rows: readonly RegisterRow[], sorting: Sorting, locale?: string): RegisterRow[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const key = (row: RegisterRow): string | number => {
    switch (sorting.column) {
      case 'eid':
        return row.eid;
      case 'scheme':
        return row.scheme?.name ?? '';
      case 'state':
        return statePriority(row.safety_state);
      case 'updated_at':
        return row.updated_at;
      default:
        return row.title;
    }
  };
  const sign = sorting.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const order = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : collator.compare(String(ka), String(kb));
    return sign * order || collator.compare(a.title, b.title);
  });
}

/** A click on a column's heading: that column ascending, or the other way when it is already the one. */
export function nextSorting(current: Sorting, column: SortColumn): Sorting {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

import type { User } from '@vigil/domain';

export const SORT_COLUMNS = ['name', 'username', 'email', 'roles', 'status'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export interface Sorting {
  column: SortColumn;
  direction: SortDirection;
}

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_SORTING: Sorting = { column: 'name', direction: 'asc' };

/** The name to show and sort by: first and last name, else the username. */
export const displayNameOf = (user: Pick<User, 'name' | 'first_name' | 'last_name' | 'username'>) =>
  (user.name || `${user.first_name} ${user.last_name}`).trim() || user.username;

/** Up to two initials of a name, for an avatar. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * Active users first, and among them those who chose a password before those still to; deactivated
 * users last. The order of the status column.
 */
export const statusRank = (user: Pick<User, 'is_active' | 'is_password_set'>) =>
  !user.is_active ? 2 : user.is_password_set ? 0 : 1;

/** Users whose username, name or e-mail holds every word of `search`, ignoring case and accents. */
export function searchUsers<U extends Pick<User, 'username' | 'name' | 'first_name' | 'last_name' | 'email'>>(
  users: readonly U[],
  search: string,
): U[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((user) => {
    const text = fold([user.username, displayNameOf(user), user.email].join(' '));
    return words.every((word) => text.includes(word));
  });
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

type SortKey = (user: User) => string | number;
const SORT_KEYS: Record<SortColumn, SortKey> = {
  name: displayNameOf,
  username: (u) => u.username,
  email: (u) => u.email,
  roles: (u) => u.roles.map((r) => r.name).join(', '),
  status: statusRank,
};

/** Users in the order of one column, ties broken by name then username, in the language's collation. */
export function sortUsers(users: readonly User[], sorting: Sorting, locale?: string): User[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const compare = (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  const key = SORT_KEYS[sorting.column];
  const sign = sorting.direction === 'asc' ? 1 : -1;
  return [...users].sort(
    (a, b) =>
      sign * compare(key(a), key(b)) || compare(displayNameOf(a), displayNameOf(b)) || compare(a.username, b.username),
  );
}

/** The rows of one page (0-based); a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], page: number, rowsPerPage: number): { rows: T[]; page: number } {
  const last = Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1);
  const shown = Math.min(Math.max(0, page), last);
  return { rows: rows.slice(shown * rowsPerPage, (shown + 1) * rowsPerPage), page: shown };
}

/** A new sorting after a click on a column heading: the same column flips, another starts ascending. */
export const nextSorting = (current: Sorting, column: SortColumn): Sorting =>
  current.column === column
    ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { column, direction: 'asc' };

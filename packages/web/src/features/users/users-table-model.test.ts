import type { User } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import {
  displayNameOf,
  initialsOf,
  nextSorting,
  pageOf,
  searchUsers,
  sortUsers,
  statusRank,
} from './users-table-model.ts';

function user(username: string, first: string, last: string, extra: Partial<User> = {}): User {
  return {
    id: username,
    username,
    email: `${username}@example.com`,
    first_name: first,
    last_name: last,
    name: [first, last].filter(Boolean).join(' '),
    profile_image: null,
    is_active: true,
    is_password_set: true,
    account: 'acc',
    date_joined: '2026-01-01T00:00:00Z',
    last_login: null,
    uiId: null,
    roles: [{ id: 'r-op', name: 'Operator' }],
    default_responder_type: null,
    profile: null,
    projects: ['p'],
    ...extra,
  };
}

const tomas = user('tsilva', 'Tomás', 'Silva');
const priya = user('pnair', 'Priya', 'Nair', { roles: [{ id: 'r-m', name: 'Manager' }] });
const alex = user('amorgan', 'Alex', 'Morgan', { is_password_set: false });
const zoe = user('zoe', '', '', { is_active: false, email: 'z@site.org' });
const all = [tomas, priya, alex, zoe];

describe('searching users', () => {
  it('matches the username, the name or the e-mail, ignoring case and accents', () => {
    expect(searchUsers(all, 'TSIL')).toEqual([tomas]);
    expect(searchUsers(all, 'tomas')).toEqual([tomas]);
    expect(searchUsers(all, 'site.org')).toEqual([zoe]);
    expect(searchUsers(all, 'priya nair')).toEqual([priya]);
  });

  it('needs every word, and an empty search keeps everyone', () => {
    expect(searchUsers(all, 'alex silva')).toEqual([]);
    expect(searchUsers(all, '   ')).toEqual(all);
  });
});

describe('sorting users', () => {
  it('by name, falling back to the username when there is no name', () => {
    expect(displayNameOf(zoe)).toBe('zoe');
    expect(sortUsers(all, { column: 'name', direction: 'asc' }).map((u) => u.username)).toEqual([
      'amorgan',
      'pnair',
      'tsilva',
      'zoe',
    ]);
    expect(sortUsers(all, { column: 'name', direction: 'desc' })[0]).toBe(zoe);
  });

  it('by status: active with a password, then invited, then deactivated', () => {
    expect(statusRank(tomas)).toBe(0);
    expect(statusRank(alex)).toBe(1);
    expect(statusRank(zoe)).toBe(2);
    expect(sortUsers(all, { column: 'status', direction: 'asc' }).map((u) => u.username)).toEqual([
      'pnair',
      'tsilva',
      'amorgan',
      'zoe',
    ]);
  });

  it('by roles and by e-mail', () => {
    expect(sortUsers(all, { column: 'roles', direction: 'asc' })[0]).toBe(priya);
    expect(sortUsers(all, { column: 'email', direction: 'desc' })[0]).toBe(zoe);
  });

  it('flips the direction on the same column and starts ascending on another', () => {
    expect(nextSorting({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSorting({ column: 'name', direction: 'desc' }, 'email')).toEqual({ column: 'email', direction: 'asc' });
  });
});

describe('paging', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);
  it('slices one page and keeps a page past the end on the last one', () => {
    expect(pageOf(rows, 0, 10).rows).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageOf(rows, 2, 10)).toEqual({ rows: [20, 21, 22], page: 2 });
    expect(pageOf(rows, 5, 10).page).toBe(2);
    expect(pageOf([], 3, 10)).toEqual({ rows: [], page: 0 });
  });
});

describe('initials', () => {
  it('take the first letters of the first and last words', () => {
    expect(initialsOf('Mary Jane Watson')).toBe('MW');
    expect(initialsOf('zoe')).toBe('Z');
    expect(initialsOf('  ')).toBe('?');
  });
});

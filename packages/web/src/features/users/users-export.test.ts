import type { User } from '@vigil/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { usersExport } from './users-export.ts';

// Keys stand in for the texts, with their values, so the test reads what goes where.
const t = ((key: string, options?: Record<string, unknown>) =>
  options && 'count' in options ? `${key}(${String(options.count)})` : key) as unknown as TFunction;

const base = {
  profile_image: null,
  account: 'acc',
  date_joined: '2026-01-01T00:00:00Z',
  last_login: null,
  uiId: null,
  default_responder_type: null,
  profile: null,
  projects: ['p'],
};
const users: User[] = [
  {
    ...base,
    id: '1',
    username: 'tsilva',
    email: 'tomas@example.com',
    first_name: 'Tomás',
    last_name: 'Silva',
    name: 'Tomás Silva',
    is_active: true,
    is_password_set: false,
    roles: [
      { id: 'm', name: 'Manager' },
      { id: 'o', name: 'Operator' },
    ],
  },
  {
    ...base,
    id: '2',
    username: 'zoe',
    email: 'zoe@example.com',
    first_name: '',
    last_name: '',
    name: '',
    is_active: false,
    is_password_set: true,
    roles: [],
  },
];

describe('the users export', () => {
  it('has the columns username, name, e-mail, roles and status, one row per user in the order shown', () => {
    const settings = usersExport(t, users, { projectName: 'Cerro Azul', search: '' });
    expect(settings.data).toHaveLength(1);
    expect(settings.data[0]!.rows).toEqual([
      [
        'users:columns.username',
        'users:columns.name',
        'users:columns.email',
        'users:columns.roles',
        'users:columns.status',
      ],
      [
        'tsilva',
        'Tomás Silva',
        'tomas@example.com',
        'users:roles.Manager, users:roles.Operator',
        'users:status.active, users:status.invited',
      ],
      ['zoe', 'zoe', 'zoe@example.com', '', 'users:status.inactive, users:status.passwordSet'],
    ]);
  });

  it('describes the project, the search when there is one, and the number of users', () => {
    expect(usersExport(t, users, { projectName: 'Cerro Azul', search: '' }).meta).toEqual([
      { name: 'users:export.project', content: 'Cerro Azul' },
      { name: 'users:export.count', content: '2' },
    ]);
    const searched = usersExport(t, users.slice(0, 1), { projectName: 'Ouse', search: ' silva ' });
    expect(searched.meta).toContainEqual({ name: 'users:export.search', content: 'silva' });
    expect(searched.subtitle).toBe('users:export.subtitle(1)');
    expect(searched.fileName).toBe('users:export.fileName');
  });
});

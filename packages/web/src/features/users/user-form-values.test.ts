import { MESSAGES, type User } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import {
  createBody,
  createUserSchema,
  editChanges,
  editUserSchema,
  editValuesOf,
  emptyCreateValues,
  ROLES_REQUIRED,
  toggleRole,
} from './user-form-values.ts';

const valid = {
  ...emptyCreateValues(['r-op']),
  username: 'ana.lima',
  first_name: 'Ana',
  last_name: 'Lima',
  email: 'ana@example.com',
};
const issues = (values: object) =>
  Object.fromEntries(
    (createUserSchema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

const stored: User = {
  id: 'u1',
  username: 'ana.lima',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: 'Lima',
  name: 'Ana Lima',
  profile_image: null,
  is_active: true,
  is_password_set: true,
  account: 'acc',
  date_joined: '2026-01-01T00:00:00Z',
  last_login: null,
  uiId: 'prof-1',
  roles: [{ id: 'r-op', name: 'Operator' }],
  default_responder_type: { id: 'rt-1', title: 'Site engineer' },
  profile: null,
  projects: ['p'],
};

describe('the new-user form', () => {
  it('starts empty with the default role chosen and the invitation ticked', () => {
    expect(emptyCreateValues(['r-op'])).toMatchObject({ username: '', roles: ['r-op'], invite: true });
  });

  it('checks the fields with the server’s own rules', () => {
    expect(issues({ ...valid, first_name: '  ', email: 'ana@' })).toEqual({
      first_name: MESSAGES.required,
      email: MESSAGES.invalidEmail,
    });
    expect(Object.keys(issues({ ...valid, username: 'ana lima' }))).toEqual(['username']);
    expect(issues({ ...valid, roles: [] })).toEqual({ roles: ROLES_REQUIRED });
    expect(issues(valid)).toEqual({});
  });

  it('sends the roles chosen, and the responder type only when one is chosen', () => {
    const parsed = createUserSchema.parse({ ...valid, first_name: ' Ana ' });
    expect(createBody(parsed)).toEqual({
      username: 'ana.lima',
      email: 'ana@example.com',
      first_name: 'Ana',
      last_name: 'Lima',
      roles: ['r-op'],
    });
    expect(createBody({ ...parsed, default_responder_type: 'rt-2' }).default_responder_type).toBe('rt-2');
  });
});

describe('the edit form', () => {
  const edit = (changes: object) => editChanges(stored, editUserSchema.parse({ ...editValuesOf(stored), ...changes }));

  it('starts from the stored user and sends nothing when nothing changed', () => {
    expect(editValuesOf(stored)).toEqual({
      first_name: 'Ana',
      last_name: 'Lima',
      email: 'ana@example.com',
      roles: ['r-op'],
      default_responder_type: 'rt-1',
    });
    expect(edit({})).toEqual({ user: {}, profile: {} });
  });

  it('sends the changed names and e-mail to the account, roles and responder type to the project', () => {
    expect(edit({ last_name: 'Lima-Souza', email: 'ana@site.org' })).toEqual({
      user: { last_name: 'Lima-Souza', email: 'ana@site.org' },
      profile: {},
    });
    expect(edit({ roles: ['r-m', 'r-op'], default_responder_type: '' })).toEqual({
      user: {},
      profile: { roles: ['r-m', 'r-op'], default_responder_type: null },
    });
  });

  it('treats the same roles in another order as no change', () => {
    const twoRoles = { ...stored, roles: [...stored.roles, { id: 'r-m', name: 'Manager' }] };
    expect(editChanges(twoRoles, { ...editValuesOf(twoRoles), roles: ['r-m', 'r-op'] }).profile).toEqual({});
  });
});

describe('choosing roles', () => {
  it('adds and removes one role, keeping the project’s order', () => {
    const order = ['r-m', 'r-op'];
    expect(toggleRole(['r-op'], 'r-m', order)).toEqual(['r-m', 'r-op']);
    expect(toggleRole(['r-m', 'r-op'], 'r-op', order)).toEqual(['r-m']);
  });
});

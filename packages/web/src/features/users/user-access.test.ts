import type { UserProfile } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import {
  defaultRoleIds,
  offeredRoles,
  projectViewOf,
  restrictionOf,
  rowActions,
  type Actor,
  type ProjectView,
} from './user-access.ts';

const ROLES = [
  { id: 'r-admin', name: 'Administrator' },
  { id: 'r-manager', name: 'Manager' },
  { id: 'r-operator', name: 'Operator' },
];
const role = (name: string) => ROLES.find((r) => r.name === name)!;
const HERE = 'p-here';
const admin: Actor = { userId: 'u-admin', roleName: 'Administrator', projectId: HERE };
const manager: Actor = { userId: 'u-manager', roleName: 'Manager', projectId: HERE };
const operator: Actor = { userId: 'u-operator', roleName: 'Operator', projectId: HERE };
const target = (id: string, roles: string[], projects = [HERE]) => ({ id, roles: roles.map(role), projects });

describe('the roles offered when creating or editing a user', () => {
  it('are Manager and Operator for an administrator, Operator for a manager, none for an operator', () => {
    expect(offeredRoles(ROLES, 'Administrator').map((r) => r.name)).toEqual(['Manager', 'Operator']);
    expect(offeredRoles(ROLES, 'Manager').map((r) => r.name)).toEqual(['Operator']);
    expect(offeredRoles(ROLES, 'Operator')).toEqual([]);
    expect(offeredRoles(ROLES, undefined)).toEqual([]);
  });

  it('preselect Operator, else the first non-administrator role, else nothing', () => {
    expect(defaultRoleIds(offeredRoles(ROLES, 'Administrator'))).toEqual(['r-operator']);
    expect(defaultRoleIds([role('Manager')])).toEqual(['r-manager']);
    expect(defaultRoleIds([])).toEqual([]);
    expect(defaultRoleIds([role('Administrator')])).toEqual([]);
  });
});

describe('whom the signed-in user may manage in the current project', () => {
  it('an administrator manages managers and operators, never himself or another administrator', () => {
    expect(restrictionOf(admin, target('m', ['Manager']), new Map())).toBeNull();
    expect(restrictionOf(admin, target('o', ['Operator']), new Map())).toBeNull();
    expect(restrictionOf(admin, target('u-admin', ['Administrator']), new Map())).toBe('self');
    expect(restrictionOf(admin, target('a2', ['Administrator']), new Map())).toBe('administrator');
  });

  it('a manager manages operators only', () => {
    expect(restrictionOf(manager, target('o', ['Operator']), new Map())).toBeNull();
    expect(restrictionOf(manager, target('m2', ['Manager']), new Map())).toBe('outranks');
    expect(restrictionOf(manager, target('mo', ['Manager', 'Operator']), new Map())).toBe('outranks');
    expect(restrictionOf(manager, target('a', ['Administrator']), new Map())).toBe('administrator');
    expect(restrictionOf(manager, target('u-manager', ['Manager']), new Map())).toBe('self');
  });

  it('an operator manages nobody', () => {
    expect(restrictionOf(operator, target('o2', ['Operator']), new Map())).toBe('outranks');
  });
});

describe('account-wide actions and the target’s other projects', () => {
  const elsewhere = 'p-elsewhere';
  const view = (actorRole: string | undefined, rolesOf: Record<string, string[]>): ProjectView => ({
    actorRole,
    rolesOf: new Map(Object.entries(rolesOf)),
  });

  it('wait until the other projects are read', () => {
    expect(restrictionOf(manager, target('o', ['Operator'], [HERE, elsewhere]), undefined)).toBe('checking');
    // Someone of this project only needs nothing more.
    expect(restrictionOf(manager, target('o', ['Operator']), undefined)).toBeNull();
  });

  it('need every other project to allow it too', () => {
    const o = target('o', ['Operator'], [HERE, elsewhere]);
    expect(restrictionOf(manager, o, new Map([[elsewhere, view('Manager', { o: ['Operator'] })]]))).toBeNull();
    // A manager here cannot deactivate someone who is a manager elsewhere (ADR 0006).
    expect(restrictionOf(manager, o, new Map([[elsewhere, view('Manager', { o: ['Manager'] })]]))).toBe('elsewhere');
    // An operator elsewhere sees only himself there.
    expect(restrictionOf(manager, o, new Map([[elsewhere, view('Operator', {})]]))).toBe('elsewhere');
    // A project the actor does not belong to.
    expect(restrictionOf(admin, o, new Map())).toBe('elsewhere');
  });

  it('read the acting role there from the signed-in user’s own profile', () => {
    const profile = (userId: string, roles: string[], activeRole: string | null) =>
      ({ user_id: userId, roles: roles.map(role), profile: { activeRole } }) as unknown as UserProfile;
    const seen = projectViewOf(
      [profile('u-manager', ['Operator', 'Manager'], 'r-manager'), profile('o', ['Operator'], null)],
      'u-manager',
    );
    expect(seen.actorRole).toBe('Manager');
    expect(seen.rolesOf.get('o')).toEqual(['Operator']);
    expect(projectViewOf([profile('u-manager', ['Operator', 'Manager'], 'gone')], 'u-manager').actorRole).toBe(
      'Operator',
    );
    expect(projectViewOf([], 'u-manager').actorRole).toBeUndefined();
  });
});

describe('the actions of a row', () => {
  it('are all off for someone the signed-in user may not manage', () => {
    expect(rowActions({ is_active: true }, 'outranks')).toEqual({
      edit: false,
      invite: false,
      activate: false,
      deactivate: false,
      delete: false,
    });
  });

  it('offer deactivation and invitation to an active user, activation to an inactive one', () => {
    expect(rowActions({ is_active: true }, null)).toEqual({
      edit: true,
      invite: true,
      activate: false,
      deactivate: true,
      delete: true,
    });
    expect(rowActions({ is_active: false }, null)).toEqual({
      edit: true,
      invite: false,
      activate: true,
      deactivate: false,
      delete: true,
    });
  });
});

import { DEFAULT_LOCALE, LOCALES, type GrantedPermissionGroup, type Locale, type UserProfile } from '@vigil/domain';
import type { ResponderTypeRecord } from '../registry/store.ts';
import type { ProfileRecord } from './profile-store.ts';
import type { PermissionGroupRecord, RoleRecord } from './role-store.ts';

/** What a profile refers to in its project, loaded once per request. */
export interface ProfileContext {
  roles: Map<string, RoleRecord>;
  groups: Map<string, PermissionGroupRecord>;
  responderTypes: Map<string, ResponderTypeRecord>;
}

/** profile.activeRole when it is one of the roles, else the first role (requirements#shell-states). */
export function effectiveActiveRole(record: Pick<ProfileRecord, 'roleIds' | 'settings'>): string | null {
  const stored = record.settings.activeRole;
  const valid = stored != null && record.roleIds.includes(String(stored));
  return valid ? String(stored) : (record.roleIds[0] ?? null);
}

/** The union of the permission groups of all the user's roles, each group once (requirements#roles-permissions). */
function permissionGroupsOf(record: ProfileRecord, context: ProfileContext): GrantedPermissionGroup[] {
  const ids = new Set(record.roleIds.flatMap((id) => context.roles.get(id)?.permissionGroupIds ?? []));
  return [...ids].flatMap((id) => {
    const group = context.groups.get(id);
    return group ? [{ id: group.id, name: group.name, permissions: group.permissions }] : [];
  });
}

export function presentProfile(record: ProfileRecord, context: ProfileContext): UserProfile {
  const responderType = record.defaultResponderTypeId
    ? context.responderTypes.get(record.defaultResponderTypeId)
    : undefined;
  const locale = record.settings.locale;
  return {
    id: record.id,
    user_id: record.userId,
    username: record.username,
    email: record.email,
    roles: record.roleIds.flatMap((id) => {
      const role = context.roles.get(id);
      return role ? [{ id: role.id, name: role.name }] : [];
    }),
    is_active: record.isActive,
    default_responder_type: responderType ? { id: responderType.id, title: responderType.title } : null,
    profile: {
      home_module: record.settings.home_module ?? null,
      activeRole: effectiveActiveRole(record),
      locale: LOCALES.includes(locale as Locale) ? (locale as Locale) : DEFAULT_LOCALE,
    },
    permission_set: { permission_groups: permissionGroupsOf(record, context) },
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

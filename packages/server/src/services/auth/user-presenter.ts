import { DEFAULT_LOCALE, type User } from '@vigil/domain';
import { fromFlag, fromJson } from '../../db/values.ts';
import type { ProfileRow } from './membership-store.ts';
import type { UserRow } from './user-store.ts';

/** The current project's roles and responder types, by id: what a profile's ids are resolved against. */
export interface ProjectLookup {
  roles: Map<string, { id: string; name: string }>;
  responderTypes: Map<string, { id: string; title: string }>;
}

export const EMPTY_LOOKUP: ProjectLookup = { roles: new Map(), responderTypes: new Map() };

interface StoredSettings {
  locale?: string;
  activeRole?: string | number | null;
  home_module?: string | null;
}

/** Role ids of a profile that still exist in its project, in the profile's order. */
export function profileRoles(profile: ProfileRow | undefined, lookup: ProjectLookup) {
  return fromJson<Array<string | number>>(profile?.roles, []).flatMap((id) => lookup.roles.get(String(id)) ?? []);
}

/** Turns a user row (and its profile in the current project, if any) into the API's user; never the hash. */
export function presentUser(
  user: UserRow,
  profile: ProfileRow | undefined,
  projectIds: string[],
  lookup: ProjectLookup,
): User {
  const settings = fromJson<StoredSettings>(profile?.profile, {});
  const responder = profile?.default_responder_type_id
    ? (lookup.responderTypes.get(profile.default_responder_type_id) ?? null)
    : null;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    name: [user.first_name, user.last_name].filter(Boolean).join(' '),
    profile_image: user.profile_image,
    is_active: fromFlag(user.is_active),
    is_password_set: fromFlag(user.is_password_set),
    account: user.account_id,
    date_joined: user.created_at,
    last_login: user.last_login_at,
    uiId: profile?.id ?? null,
    roles: profileRoles(profile, lookup).map((r) => ({ id: r.id, name: r.name })),
    default_responder_type: responder && { id: responder.id, title: responder.title },
    profile: profile
      ? {
          locale: settings.locale ?? DEFAULT_LOCALE,
          activeRole: settings.activeRole == null ? null : String(settings.activeRole),
          home_module: settings.home_module ?? null,
        }
      : null,
    projects: projectIds,
  };
}

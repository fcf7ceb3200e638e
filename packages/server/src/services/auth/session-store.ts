import type { Db } from '../../db/connection.ts';
import type { TokenKind } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';

export interface SessionRow {
  tokenId: string;
  kind: TokenKind;
  userId: string;
  username: string;
  dataContext: string | null;
}

/** Live tokens: not revoked, not expired, of an active user. The one definition of a live token. */
const liveTokens = (db: Db, now: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', now)
    .where('users.is_active', '=', 1);

/** A live token by its hash. */
export async function findLiveToken(db: Db, hash: string, now: string): Promise<SessionRow | undefined> {
  const row = await liveTokens(db, now)
    .select([
      'auth_tokens.id as tokenId',
      'auth_tokens.kind',
      'auth_tokens.data_context as dataContext',
      'users.id as userId',
      'users.username',
    ])
    .where('auth_tokens.token_hash', '=', hash)
    .executeTakeFirst();
  return row;
}

export interface MembershipRow {
  profileId: string;
  roleIds: string[];
  profile: { activeRole?: string | number | null };
  roles: Array<{ id: string; name: string }>;
}

/** The user's active profile in a project with its roles, or undefined when not a member. */
export async function findMembership(db: Db, projectId: string, userId: string): Promise<MembershipRow | undefined> {
  const row = await db
    .selectFrom('user_profiles')
    .select(['id', 'roles', 'profile'])
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const roleIds = fromJson<string[]>(row.roles, []);
  const roles = roleIds.length
    ? await db
        .selectFrom('roles')
        .select(['id', 'name'])
        .where('project_id', '=', projectId)
        .where('id', 'in', roleIds)
        .execute()
    : [];
  const ordered = roleIds.flatMap((id) => roles.filter((r) => r.id === id));
  return { profileId: row.id, roleIds, profile: fromJson(row.profile, {}), roles: ordered };
}

/**
 * Of `tokenIds`, the sessions still live (as findLiveToken) whose user is still an active member of
 * the session's project, each with that project: what an open notification stream checks again.
 */
export async function liveSessionProjects(
  db: Db,
  tokenIds: readonly string[],
  now: string,
): Promise<Map<string, string>> {
  const live = new Map<string, string>();
  for (let i = 0; i < tokenIds.length; i += 500) {
    const rows = await liveTokens(db, now)
      .innerJoin('user_profiles', (j) =>
        j
          .onRef('user_profiles.user_id', '=', 'auth_tokens.user_id')
          .onRef('user_profiles.project_id', '=', 'auth_tokens.data_context'),
      )
      .select(['auth_tokens.id', 'user_profiles.project_id'])
      .where('auth_tokens.id', 'in', tokenIds.slice(i, i + 500))
      .where('auth_tokens.kind', '=', 'session')
      .where('user_profiles.is_active', '=', 1)
      .execute();
    for (const row of rows) live.set(row.id, row.project_id);
  }
  return live;
}

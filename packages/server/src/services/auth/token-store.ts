import type { Db } from '../../db/connection.ts';
import type { TokenKind } from '../../db/schema.ts';
import { newId, nowIso } from '../../db/values.ts';

export async function insertToken(
  db: Db,
  values: { userId: string; kind: TokenKind; hash: string; dataContext: string | null; expiresAt: string },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('auth_tokens')
    .values({
      id,
      user_id: values.userId,
      kind: values.kind,
      token_hash: values.hash,
      data_context: values.dataContext,
      created_at: nowIso(),
      expires_at: values.expiresAt,
      revoked_at: null,
    })
    .execute();
  return id;
}

export async function revokeToken(db: Db, tokenId: string): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: nowIso() }).where('id', '=', tokenId).execute();
}

/** Revokes every live token of a user of the given kinds, except `keepTokenId`. */
export async function revokeUserTokens(
  db: Db,
  userId: string,
  kinds: TokenKind[],
  keepTokenId?: string,
): Promise<void> {
  let query = db
    .updateTable('auth_tokens')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('revoked_at', 'is', null);
  if (keepTokenId) query = query.where('id', '!=', keepTokenId);
  await query.execute();
}

export async function setDataContext(db: Db, tokenId: string, projectId: string): Promise<void> {
  await db.updateTable('auth_tokens').set({ data_context: projectId }).where('id', '=', tokenId).execute();
}

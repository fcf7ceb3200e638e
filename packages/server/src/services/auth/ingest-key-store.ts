import type { Db } from '../../db/connection.ts';
import type { IngestKeysTable } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';

/** All SQL of ingest keys (ADR 0035). A key's row is kept after revocation, for the record. */

export type IngestKeyRow = IngestKeysTable;

/** A key that may be used now: found by hash, not revoked, not expired. */
export interface LiveKey {
  id: string;
  projectId: string;
  prefix: string;
  /** entity ids the key covers; empty: every device of its project */
  entityIds: string[];
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
}

export async function findLiveKey(db: Db, hash: string, now: string): Promise<LiveKey | undefined> {
  const row = await db
    .selectFrom('ingest_keys')
    .selectAll()
    .where('key_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      projectId: row.project_id,
      prefix: row.prefix,
      entityIds: fromJson<string[]>(row.monitored_entity_ids, []),
      lastUsedAt: row.last_used_at,
      lastUsedAddress: row.last_used_address,
    }
  );
}

/** Notes when and from where a key was last used. */
export async function noteKeyUse(db: Db, id: string, at: string, address: string): Promise<void> {
  await db
    .updateTable('ingest_keys')
    .set({ last_used_at: at, last_used_address: address })
    .where('id', '=', id)
    .execute();
}

export function ingestKeyStore(db: Db) {
  return {
    async insert(row: IngestKeyRow) {
      await db.insertInto('ingest_keys').values(row).execute();
    },
    /** The project's keys not revoked, newest first. */
    async list(projectId: string): Promise<IngestKeyRow[]> {
      return db
        .selectFrom('ingest_keys')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },
    /** Revokes the project's key `id`; false when there is none (or it was revoked already). */
    async revoke(projectId: string, id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('ingest_keys')
        .set({ revoked_at: at })
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Ids of the project's devices among `ids`. */
    async projectEntities(projectId: string, ids: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('monitored_entities')
          .select('id')
          .where('project_id', '=', projectId)
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const row of rows) found.add(row.id);
      }
      return found;
    },
  };
}

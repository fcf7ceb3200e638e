import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The registry's version (ADR 0018): a counter that moves, by trigger, whenever an entity or a
 * scheme is edited or deleted, in whichever process. What is kept from the registry (ingest's
 * entities by eid, the rules engine's check before it writes) stays valid while it has not moved.
 * Null if the row is missing: then nothing kept counts.
 */
export async function registryVersion(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('registry_version').select('version').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.version) : null;
}

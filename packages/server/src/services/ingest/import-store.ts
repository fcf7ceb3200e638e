import type { Db } from '../../db/connection.ts';
import { claimableJobs } from '../../db/job-claims.ts';
import type { ImportsTable } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';

/** All SQL of imports (ADR 0035). */

export type ImportRow = ImportsTable;

/** A running import whose heartbeat is older than this is taken up again (its server stopped). */
export const STALE_IMPORT_MS = 2 * 60_000;

export function importStore(db: Db) {
  return {
    async insert(row: ImportRow) {
      await db.insertInto('imports').values(row).execute();
    },
    async list(projectId: string): Promise<ImportRow[]> {
      return db.selectFrom('imports').selectAll().where('project_id', '=', projectId).execute();
    },
    async find(projectId: string, id: string): Promise<ImportRow | undefined> {
      return db
        .selectFrom('imports')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async findAnywhere(id: string): Promise<ImportRow | undefined> {
      return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Imports waiting, and running ones whose server stopped (no heartbeat since `staleBefore`). */
    async waiting(staleBefore: string): Promise<string[]> {
      const rows = await db
        .selectFrom('imports')
        .select('id')
        .where(claimableJobs('queued', staleBefore))
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.id);
    },
    /** Takes the import for this server: true when it was waiting (or stale), so that one server runs it. */
    async claim(id: string, now: string, staleBefore: string): Promise<boolean> {
      const result = await db
        .updateTable('imports')
        .set({ status: 'running', heartbeat_at: now })
        .where('id', '=', id)
        .where(claimableJobs('queued', staleBefore))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async update(id: string, set: Partial<ImportRow>) {
      await db.updateTable('imports').set(set).where('id', '=', id).execute();
    },
    /** The devices an ingest key covers ([] every device), whether or not it has been revoked since. */
    async keyScope(keyId: string): Promise<string[]> {
      const row = await db
        .selectFrom('ingest_keys')
        .select('monitored_entity_ids')
        .where('id', '=', keyId)
        .executeTakeFirst();
      return fromJson<string[]>(row?.monitored_entity_ids, []);
    },
  };
}

export type ImportStore = ReturnType<typeof importStore>;

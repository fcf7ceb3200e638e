import type { Db } from '../../db/connection.ts';

/** Where a walk through old snapshots stopped: the last one seen, in (created_at, id) order. */
export interface SnapshotCursor {
  createdAt: string;
  key: string;
}

/**
 * Up to `limit` snapshots created before `before` and after `after`, oldest first, that no longer
 * answer "the entity's states at a time from `before` on" (ADR 0046): each has a later snapshot of
 * its entity at or before `before`. The newest snapshot at or before `before` of every entity is
 * therefore never found: a device whose states have not changed for years keeps its states.
 */
export async function findSupersededSnapshots(
  db: Db,
  before: string,
  after: SnapshotCursor | null,
  limit: number,
): Promise<SnapshotCursor[]> {
  const rows = await db
    .selectFrom('entity_snapshots as s')
    .select(['s.id', 's.created_at'])
    .where('s.created_at', '<', before)
    .$if(after !== null, (q) =>
      q.where((eb) => eb(eb.refTuple('s.created_at', 's.id'), '>', eb.tuple(after!.createdAt, after!.key))),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('entity_snapshots as later')
          .select('later.id')
          .whereRef('later.entity_id', '=', 's.entity_id')
          .whereRef('later.created_at', '>', 's.created_at')
          .where('later.created_at', '<=', before),
      ),
    )
    .orderBy('s.created_at')
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ createdAt: row.created_at, key: row.id }));
}

export async function deleteSnapshots(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('entity_snapshots').where('id', 'in', ids).execute();
}

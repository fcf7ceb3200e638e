import { DEFAULT_SNAPSHOT_STATES, type SnapshotStates } from '@vigil/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { fromJson, newId, toJson } from '../../db/values.ts';

export interface SnapshotRecord {
  id: string;
  entityId: string;
  createdAt: string;
  states: SnapshotStates;
}

/**
 * Appends a snapshot of an entity's states. Its time is kept strictly after the entity's previous
 * snapshot, so that "the latest snapshot at or before t" is never a tie, even within a millisecond.
 */
export async function appendSnapshot(db: Db, entityId: string, states: SnapshotStates, at: string): Promise<string> {
  const previous = await db
    .selectFrom('entity_snapshots')
    .select(sql<string | null>`max(created_at)`.as('latest'))
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  let createdAt = at;
  if (previous?.latest && previous.latest >= createdAt)
    createdAt = new Date(Date.parse(previous.latest) + 1).toISOString();
  const id = newId();
  await db
    .insertInto('entity_snapshots')
    .values({ id, entity_id: entityId, created_at: createdAt, states: toJson(states) })
    .execute();
  return id;
}

/** For each entity, its latest snapshot at or before `time` (entities without one are absent). */
export async function findLatestSnapshots(
  db: Db,
  entityIds: string[],
  time: string,
): Promise<Map<string, SnapshotRecord>> {
  const result = new Map<string, SnapshotRecord>();
  if (!entityIds.length) return result;
  const latest = db
    .selectFrom('entity_snapshots')
    .select(['entity_id', sql<string>`max(created_at)`.as('latest')])
    .where('entity_id', 'in', entityIds)
    .where('created_at', '<=', time)
    .groupBy('entity_id')
    .as('m');
  const rows = await db
    .selectFrom('entity_snapshots as s')
    .innerJoin(latest, (join) => join.onRef('m.entity_id', '=', 's.entity_id').onRef('m.latest', '=', 's.created_at'))
    .select(['s.id', 's.entity_id', 's.created_at', 's.states'])
    .execute();
  for (const row of rows) {
    // Snapshots written by others may share a time: the larger id wins, so the answer is stable.
    const known = result.get(row.entity_id);
    if (known && known.id > row.id) continue;
    result.set(row.entity_id, {
      id: row.id,
      entityId: row.entity_id,
      createdAt: row.created_at,
      states: { ...DEFAULT_SNAPSHOT_STATES, ...fromJson<Partial<SnapshotStates>>(row.states, {}) },
    });
  }
  return result;
}

export async function insertSnapshots(db: Db, snapshots: SnapshotRecord[]): Promise<void> {
  if (!snapshots.length) return;
  await db
    .insertInto('entity_snapshots')
    .values(
      snapshots.map((s) => ({ id: s.id, entity_id: s.entityId, created_at: s.createdAt, states: toJson(s.states) })),
    )
    .execute();
}

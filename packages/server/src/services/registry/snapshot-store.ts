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

/** A snapshot to append: an entity's states as of `at`. */
export interface SnapshotToAppend {
  entityId: string;
  states: SnapshotStates;
  at: string;
}

/**
 * Appends snapshots of entities' states (one each at most) in one statement per 500. A snapshot's
 * time is kept strictly after the entity's previous snapshot, so that "the latest snapshot at or
 * before t" is never a tie, even within a millisecond.
 */
export async function appendSnapshots(db: Db, snapshots: SnapshotToAppend[]): Promise<void> {
  for (let i = 0; i < snapshots.length; i += 500) {
    const part = snapshots.slice(i, i + 500);
    const previous = await db
      .selectFrom('entity_snapshots')
      .select(['entity_id', sql<string | null>`max(created_at)`.as('latest')])
      .where(
        'entity_id',
        'in',
        part.map((s) => s.entityId),
      )
      .groupBy('entity_id')
      .execute();
    const latest = new Map(previous.map((row) => [row.entity_id, row.latest]));
    await insertSnapshots(
      db,
      part.map(({ entityId, states, at }) => {
        const before = latest.get(entityId);
        const createdAt = before && before >= at ? new Date(Date.parse(before) + 1).toISOString() : at;
        return { id: newId(), entityId, createdAt, states };
      }),
    );
  }
}

/** Appends one snapshot of an entity's states (see appendSnapshots). */
export const appendSnapshot = (db: Db, entityId: string, states: SnapshotStates, at: string): Promise<void> =>
  appendSnapshots(db, [{ entityId, states, at }]);

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

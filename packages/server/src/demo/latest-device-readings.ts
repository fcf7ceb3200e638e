import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { ALL_TIME, findStoredEntries, readStored } from '../services/metrics/stored-readings.ts';

/**
 * The newest reading *sent by the device* of each entity whose newest payload was entered by hand:
 * the demo's hand round is stored before the history is written, and the history resumes from each
 * device's newest reading, which must not be the technician's (it would cut the history short).
 */
export async function latestDeviceReadAt(
  db: Db,
  projectIds: readonly string[],
  latest: ReadonlyMap<string, string | null>,
): Promise<Map<string, string | null>> {
  const out = new Map(latest);
  if (!projectIds.length) return out;
  const manual = await db
    .selectFrom('manual_readings')
    .select(['entity_id', sql<string>`max(read_at)`.as('last')])
    .where('project_id', 'in', projectIds)
    .groupBy('entity_id')
    .execute();
  for (const { entity_id: entityId, last } of manual) {
    const newest = latest.get(entityId);
    if (!newest || newest > last) continue;
    const manualKeys = new Set(
      (
        await db
          .selectFrom('manual_readings')
          .select(['data_point_id', 'read_at'])
          .where('entity_id', '=', entityId)
          .execute()
      ).map((m) => `${m.data_point_id}\u0000${Date.parse(m.read_at)}`),
    );
    const entries = await readStored(db, (reader) => findStoredEntries(reader, { entityIds: [entityId] }, ALL_TIME));
    let at = -Infinity;
    for (const e of entries) if (e.t > at && !manualKeys.has(`${e.dataPointId}\u0000${e.t}`)) at = e.t;
    out.set(entityId, at === -Infinity ? null : new Date(at).toISOString());
  }
  return out;
}

import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

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
    const row = await db
      .selectFrom('readings as r')
      .select(sql<string | null>`max(r.read_at)`.as('at'))
      .where('r.entity_id', '=', entityId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('manual_readings as m')
              .select('m.id')
              .whereRef('m.entity_id', '=', 'r.entity_id')
              .whereRef('m.data_point_id', '=', 'r.data_point_id')
              .whereRef('m.read_at', '=', 'r.read_at'),
          ),
        ),
      )
      .executeTakeFirst();
    out.set(entityId, row?.at ?? null);
  }
  return out;
}

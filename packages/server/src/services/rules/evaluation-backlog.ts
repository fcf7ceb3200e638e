import type { BusEvents } from '../../bus/bus.ts';
import type { Db } from '../../db/connection.ts';
import type { Trx } from './engine-entity.ts';

type StoredReading = BusEvents['readings.stored']['readings'][number];

/**
 * The evaluation backlog (ADR 0015): batches of readings stored for the rules engine and not
 * evaluated yet. Ingest notes each batch in its own transaction (write-store.ts); the engine forgets
 * it in the transaction that writes its evaluation, and evaluates what is left when it starts.
 */

export async function forgetBacklog(trx: Trx | Db, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await trx
      .deleteFrom('evaluation_backlog')
      .where('id', 'in', [...ids])
      .execute();
}

/** Up to `limit` batches noted before `before` (ISO) and after id `afterId`, with their readings. */
export async function loadBacklog(
  db: Db,
  before: string,
  afterId: number,
  limit: number,
): Promise<{ ids: number[]; readings: StoredReading[] }> {
  const batches = await db
    .selectFrom('evaluation_backlog')
    .selectAll()
    .where('received_at', '<', before)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  const readings: StoredReading[] = [];
  for (const b of batches) {
    const rows = await db
      .selectFrom('readings')
      .select(['entity_id', 'data_point_id', 'read_at', 'received_at', 'metrics'])
      .where('seq', '>=', b.first_seq)
      .where('seq', '<=', b.last_seq)
      .where('project_id', '=', b.project_id)
      .orderBy('seq')
      .execute();
    for (const r of rows) {
      readings.push({
        entityId: r.entity_id,
        dataPointId: r.data_point_id,
        readAt: r.read_at,
        t: Date.parse(r.read_at),
        receivedAt: r.received_at,
        metrics: JSON.parse(r.metrics) as StoredReading['metrics'],
      });
    }
  }
  return { ids: batches.map((b) => Number(b.id)), readings };
}

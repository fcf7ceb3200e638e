import { CompiledQuery, type Transaction } from 'kysely';
import type { BusEvents } from '../../bus/bus.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The evaluation backlog (ADR 0015): batches of readings stored for the rules engine and not
 * evaluated yet, each owned by the engine of the instance that stored it. Ingest notes a batch in
 * its readings' transaction (write-store.ts); the engine forgets it in the transaction that writes its
 * evaluation. Batches whose engine stopped are claimed by another (or the next) engine.
 */

type StoredReading = BusEvents['readings.stored']['readings'][number];

export async function forgetBacklog(trx: Transaction<Database> | Db, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await trx
      .deleteFrom('evaluation_backlog')
      .where('id', 'in', [...ids])
      .execute();
}

interface BacklogRow {
  id: number;
  project_id: string;
  first_seq: number;
  last_seq: number;
  seqs: string | null;
}

/**
 * Takes over up to `limit` batches of other owners, oldest first: on SQLite every other owner's (the
 * database has one server, so they are a stopped one's); on PostgreSQL those received before
 * `orphanedBefore` (ISO), which their owner would have evaluated by then were it running. Concurrent
 * claims skip each other's rows. Returns the batches' ids and readings.
 */
export async function claimBacklog(
  db: Db,
  dialect: Dialect,
  owner: string,
  orphanedBefore: string,
  limit: number,
): Promise<{ ids: number[]; readings: StoredReading[] }> {
  const query =
    dialect === 'postgres'
      ? CompiledQuery.raw(
          `update evaluation_backlog set owner = $1 where id in (select id from evaluation_backlog
            where owner <> $1 and received_at < $2 order by id limit $3 for update skip locked)
          returning id, project_id, first_seq, last_seq, seqs`,
          [owner, orphanedBefore, limit],
        )
      : CompiledQuery.raw(
          `update evaluation_backlog set owner = ? where id in (select id from evaluation_backlog
            where owner <> ? order by id limit ?)
          returning id, project_id, first_seq, last_seq, seqs`,
          [owner, owner, limit],
        );
  const batches = (await db.executeQuery<BacklogRow>(query)).rows.sort((a, b) => Number(a.id) - Number(b.id));
  const readings: StoredReading[] = [];
  for (const b of batches) {
    const listed = b.seqs === null ? null : new Set(JSON.parse(b.seqs) as number[]);
    const rows = await db
      .selectFrom('readings')
      .select(['seq', 'entity_id', 'data_point_id', 'read_at', 'received_at', 'metrics'])
      .where('seq', '>=', b.first_seq)
      .where('seq', '<=', b.last_seq)
      .where('project_id', '=', b.project_id)
      .orderBy('seq')
      .execute();
    for (const r of rows) {
      if (listed && !listed.has(Number(r.seq))) continue;
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

/** The first seq of the oldest batch not evaluated yet (null when none): its rows must stay (ADR 0048's purge). */
export async function oldestBacklogSeq(trx: Db): Promise<number | null> {
  const row = await trx
    .selectFrom('evaluation_backlog')
    .select((eb) => eb.fn.min('first_seq').as('seq'))
    .executeTakeFirst();
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}

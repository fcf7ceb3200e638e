import type { Kysely } from 'kysely';
import { decodeColumns, encodeColumns, isRawBlock } from '../../services/metrics/block-codec.ts';

// Frozen in time: later changes go in new migrations. See ADR 0045: day blocks are coded (delta of
// delta times, decimal or XOR values) behind a format byte. Every raw block of ADR 0014 is coded
// again, in batches; block-codec.ts is a storage format, whose formats once written never change.
// Versions stay: a block's values are the same, so what a cache holds of it is still right. A raw
// block is known by its length (a multiple of 16, which a coded block never has), so a migration
// stopped half-way, on SQLite whose migrations are not transactions, starts again where it stopped.

/** Blocks read, coded and written per transaction. */
const BATCH = 500;

interface BlockRow {
  series_id: number;
  day: number | string;
  data: Uint8Array;
}

/** Rewrites every block `rewrite` changes, batch by batch in key order; returns how many it rewrote. */
async function rewriteBlocks(db: Kysely<any>, rewrite: (data: Uint8Array) => Uint8Array | undefined) {
  let last: BlockRow | undefined;
  for (;;) {
    const after = last;
    const rows: BlockRow[] = await db
      .selectFrom('metric_blocks')
      .select(['series_id', 'day', 'data'])
      .$if(after !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('series_id', '>', after!.series_id),
            eb.and([eb('series_id', '=', after!.series_id), eb('day', '>', after!.day)]),
          ]),
        ),
      )
      .orderBy('series_id')
      .orderBy('day')
      .limit(BATCH)
      .execute();
    if (!rows.length) return;
    const write = async (trx: Kysely<any>) => {
      for (const row of rows) {
        const data = rewrite(row.data);
        if (!data) continue;
        await trx
          .updateTable('metric_blocks')
          .set({ data })
          .where('series_id', '=', row.series_id)
          .where('day', '=', row.day)
          .execute();
      }
    };
    // PostgreSQL runs migrations in a transaction already; SQLite's migrator does not.
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
    last = rows.at(-1);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rewriteBlocks(db, (data) => (isRawBlock(data) ? encodeColumns(decodeColumns(data)) : undefined));
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewriteBlocks(db, (data) => {
    if (isRawBlock(data)) return undefined;
    const { times, values } = decodeColumns(data);
    const raw = new Float64Array(2 * times.length);
    raw.set(times);
    raw.set(values, times.length);
    return new Uint8Array(raw.buffer);
  });
}

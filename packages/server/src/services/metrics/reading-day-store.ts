import type { Db, Dialect } from '../../db/connection.ts';
import { newBlockVersion } from './block-cache.ts';
import { insertRows, type Executor } from './write-store.ts';

/**
 * The SQL of reading_channels and reading_days (ADR 0048), their one writer: compaction merges
 * compacted readings into reading days (reading-day-merge.ts) and saves them here.
 */

/** A channel's key: an entity's own readings, or a data point's. */
export const channelKeyOf = (entityId: string, dataPointId: string) => `${entityId}\u0000${dataPointId}`;

/** The channels of the entities, with their ids. */
export const findReadingChannels = (trx: Db, entityIds: readonly string[]) =>
  trx
    .selectFrom('reading_channels')
    .select(['id', 'entity_id', 'data_point_id'])
    .where('entity_id', 'in', [...entityIds])
    .execute();

/** The reading days of the channels between `fromDay` and `toDay` (epoch ms, inclusive). */
export const findReadingDaysBetween = (trx: Db, channelIds: readonly number[], fromDay: number, toDay: number) =>
  trx
    .selectFrom('reading_days')
    .select(['channel_id', 'day', 'data'])
    .where('channel_id', 'in', [...channelIds])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .execute();

/** A channel whose reading days are written: created if new; `compactedUntil` only ever raises its watermark. */
export interface SavedChannel {
  entityId: string;
  dataPointId: string;
  projectId: string;
  compactedUntil: number;
}

/** A reading day as it is to be written, of a channel named by its key. */
export interface SavedDay {
  channel: string;
  day: number;
  n: number;
  lastT: number;
  data: Uint8Array;
}

const CHANNELS = {
  head: 'insert into reading_channels (entity_id, data_point_id, project_id, compacted_until)',
  tail: `on conflict (entity_id, data_point_id) do update set compacted_until = case
      when excluded.compacted_until > reading_channels.compacted_until then excluded.compacted_until
      else reading_channels.compacted_until end
    returning id, entity_id, data_point_id`,
  columns: 4,
};
const DAYS = {
  head: 'insert into reading_days (channel_id, day, n, last_t, data, version)',
  tail: `on conflict (channel_id, day) do update set n = excluded.n, last_t = excluded.last_t, data = excluded.data,
    version = excluded.version`,
  columns: 6,
};

/**
 * Writes reading days, each with a new version, creating their channels and raising the channels'
 * watermarks. Channels go in key order, so that concurrent writers on PostgreSQL lock them in one order.
 */
export async function saveReadingDays(
  trx: Executor,
  dialect: Dialect,
  channels: readonly SavedChannel[],
  days: readonly SavedDay[],
): Promise<void> {
  if (!days.length) return;
  const sorted = [...channels].sort((a, b) => {
    const ka = channelKeyOf(a.entityId, a.dataPointId);
    const kb = channelKeyOf(b.entityId, b.dataPointId);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const { rows } = await insertRows<{ id: number; entity_id: string; data_point_id: string }>(
    trx,
    dialect,
    CHANNELS,
    sorted.flatMap((c) => [c.entityId, c.dataPointId, c.projectId, c.compactedUntil]),
  );
  const ids = new Map(rows.map((row) => [channelKeyOf(row.entity_id, row.data_point_id), Number(row.id)]));
  const params: unknown[] = [];
  for (const d of days) {
    const id = ids.get(d.channel);
    if (id === undefined) throw new Error('A reading day of a channel not saved');
    params.push(id, d.day, d.n, d.lastT, d.data, newBlockVersion());
  }
  await insertRows(trx, dialect, DAYS, params);
}

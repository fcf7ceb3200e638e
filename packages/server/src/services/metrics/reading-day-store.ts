import type { Db, Dialect } from '../../db/connection.ts';
import { newBlockVersion } from './block-cache.ts';
import { insertRows, type Executor } from './insert-rows.ts';

/**
 * The SQL of reading_channels and reading_days (ADR 0048), their one writer: compaction merges
 * compacted readings into reading days (reading-day-merge.ts) and saves them here.
 */

/** A channel's key: an entity's own readings, or a data point's. */
export const channelKeyOf = (entityId: string, dataPointId: string) => `${entityId}\u0000${dataPointId}`;

/** The channels of the entities, with their ids and watermarks. */
export const findReadingChannels = (trx: Db, entityIds: readonly string[]) =>
  trx
    .selectFrom('reading_channels')
    .select(['id', 'entity_id', 'data_point_id', 'compacted_until'])
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

/** Which channels a read of stored readings covers (ADR 0048): a project's, some entities', some data points'. */
export interface ReadingScope {
  projectId?: string | undefined;
  entityIds?: readonly string[] | undefined;
  dataPointIds?: readonly string[] | undefined;
  /** only readings of data points */
  ofDataPoints?: boolean | undefined;
}

/** The channels of the scope, with their ids. */
export const findChannelsInScope = (trx: Db, scope: ReadingScope) =>
  trx
    .selectFrom('reading_channels')
    .select(['id', 'entity_id', 'data_point_id'])
    .$if(scope.projectId !== undefined, (q) => q.where('project_id', '=', scope.projectId!))
    .$if(scope.entityIds !== undefined, (q) => q.where('entity_id', 'in', [...scope.entityIds!]))
    .$if(scope.dataPointIds !== undefined, (q) => q.where('data_point_id', 'in', [...scope.dataPointIds!]))
    .$if(scope.ofDataPoints === true, (q) => q.where('data_point_id', '<>', ''))
    .execute();

/** The channels' reading days between `fromDay` and `toDay` (inclusive, either open when null), with or without their data. */
export const findReadingDaysOf = (
  trx: Db,
  channelIds: readonly number[],
  fromDay: number | null,
  toDay: number | null,
) =>
  trx
    .selectFrom('reading_days')
    .select(['channel_id', 'day', 'n', 'last_t', 'data'])
    .where('channel_id', 'in', [...channelIds])
    .$if(fromDay !== null, (q) => q.where('day', '>=', fromDay!))
    .$if(toDay !== null, (q) => q.where('day', '<=', toDay!))
    .execute();

/** How many readings the channels' reading days hold between two days (inclusive, either open when null). */
export async function countInReadingDays(
  trx: Db,
  channelIds: readonly number[],
  fromDay: number | null,
  toDay: number | null,
): Promise<number> {
  if (!channelIds.length) return 0;
  const row = await trx
    .selectFrom('reading_days')
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .where('channel_id', 'in', [...channelIds])
    .$if(fromDay !== null, (q) => q.where('day', '>=', fromDay!))
    .$if(toDay !== null, (q) => q.where('day', '<=', toDay!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Per unit (a day, or an entity's day) the readings the channels' reading days hold between two days. */
export const countReadingDaysBy = (
  trx: Db,
  channelIds: readonly number[],
  by: 'day' | 'entity',
  fromDay: number | null,
  toDay: number | null,
) =>
  trx
    .selectFrom('reading_days as d')
    .innerJoin('reading_channels as c', 'c.id', 'd.channel_id')
    .select((eb) => [
      'd.day',
      (by === 'entity' ? eb.ref('c.entity_id') : eb.val('')).as('entity_id'),
      eb.fn.sum<number | string>('d.n').as('n'),
    ])
    .where('d.channel_id', 'in', [...channelIds])
    .$if(fromDay !== null, (q) => q.where('d.day', '>=', fromDay!))
    .$if(toDay !== null, (q) => q.where('d.day', '<=', toDay!))
    .groupBy(by === 'entity' ? ['c.entity_id', 'd.day'] : ['d.day'])
    .execute();

/** Each channel's newest day at or before `toDay` (and from `fromDay` when set). */
export const findNewestDays = (trx: Db, channelIds: readonly number[], toDay: number, fromDay: number | null) =>
  trx
    .selectFrom('reading_days')
    .select(['channel_id', (eb) => eb.fn.max('day').as('day')])
    .where('channel_id', 'in', [...channelIds])
    .where('day', '<=', toDay)
    .$if(fromDay !== null, (q) => q.where('day', '>=', fromDay!))
    .groupBy('channel_id')
    .execute();

/** The channels' days, newest first, with how many readings each holds: up to `limit` days before `beforeDay`. */
export const findDaysNewestFirst = (trx: Db, channelIds: readonly number[], beforeDay: number | null, limit: number) =>
  trx
    .selectFrom('reading_days')
    .select(['day', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .where('channel_id', 'in', [...channelIds])
    .$if(beforeDay !== null, (q) => q.where('day', '<', beforeDay!))
    .groupBy('day')
    .orderBy('day', 'desc')
    .limit(limit)
    .execute();

/** The channels' days from `fromDay` on, oldest first, with how many readings each holds: up to `limit` days. */
export const findDaysOldestFirst = (trx: Db, channelIds: readonly number[], fromDay: number | null, limit: number) =>
  trx
    .selectFrom('reading_days')
    .select(['day', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .where('channel_id', 'in', [...channelIds])
    .$if(fromDay !== null, (q) => q.where('day', '>=', fromDay!))
    .groupBy('day')
    .orderBy('day')
    .limit(limit)
    .execute();

/**
 * The channels' reading days between two days (inclusive); on PostgreSQL locked until the
 * transaction ends, so that two edits of one day at once do not each write back a day missing the other's.
 */
export const findReadingDaysForUpdate = (
  trx: Db,
  dialect: Dialect,
  channelIds: readonly number[],
  fromDay: number,
  toDay: number,
) =>
  trx
    .selectFrom('reading_days')
    .select(['channel_id', 'day', 'data'])
    .where('channel_id', 'in', [...channelIds])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();

/** Writes a channel's reading day again, with a new version (its watermark stays: it is never lowered). */
export async function updateReadingDay(
  trx: Db,
  day: { channelId: number; day: number; n: number; lastT: number; data: Uint8Array },
): Promise<void> {
  await trx
    .updateTable('reading_days')
    .set({ n: day.n, last_t: day.lastT, data: day.data, version: newBlockVersion() })
    .where('channel_id', '=', day.channelId)
    .where('day', '=', day.day)
    .execute();
}

/** Removes a channel's reading day. */
export async function deleteReadingDay(trx: Db, channelId: number, day: number): Promise<void> {
  await trx.deleteFrom('reading_days').where('channel_id', '=', channelId).where('day', '=', day).execute();
}

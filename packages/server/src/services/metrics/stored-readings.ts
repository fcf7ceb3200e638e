import { PostgresAdapter } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { compactionMark } from './block-store.ts';
import { holdCompactionLock } from './compaction-lock-store.ts';
import {
  channelKeyOf,
  countInReadingDays,
  findChannelsInScope,
  findDaysNewestFirst,
  findNewestDays,
  findReadingDaysOf,
  type ReadingScope,
} from './reading-day-store.ts';
import { decodeReadingDay } from './reading-days.ts';
import { findReadingsAfterDays } from './reading-store.ts';
import { dayOf } from './series-blocks.ts';
import { rebuildReadings, type StoredEntry, type StoredReading } from './rebuilt-readings.ts';
import { readConsistently, SeriesReader } from './series-values.ts';
import { DAY_MS } from './time-units.ts';

/**
 * The read side of stored readings (ADR 0048): every reading up to `days_seq` is a time in its
 * channel's reading day, its values in the series blocks; every later one is a row of `readings`.
 * Readers find entries (keys, received_at, rest or row) here, choose what they need, and rebuild
 * only those. Everything runs on one `SeriesReader`, inside `readConsistently`, so that reading
 * days, blocks and rows are of one moment. A reading is never in both: a correction takes it out
 * of its reading day (replaced-readings.ts) before its new row is stored; should one be all the
 * same, the row wins, as the tail does over blocks.
 */

export type { ReadingScope } from './reading-day-store.ts';
export type { StoredEntry, StoredReading } from './rebuilt-readings.ts';

/** read_at in [from, end), epoch ms; a null end is open. */
export interface TimeRange {
  from: number | null;
  end: number | null;
}

export const ALL_TIME: TimeRange = { from: null, end: null };

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/**
 * Runs `read` on one consistent view of readings: inside the transaction `db` is already (a write
 * that must see its own changes), else in a read-only one of its own (`readConsistently`).
 */
export async function readStored<T>(db: Db, read: (reader: SeriesReader) => Promise<T>): Promise<T> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  if (!db.isTransaction) return readConsistently(db, dialect, read);
  await holdCompactionLock(db, dialect, 'shared');
  return read(new SeriesReader(db));
}

const daysSeqs = new WeakMap<SeriesReader, number>();

/** days_seq as this reader sees it: the readings up to it are in reading days, the later in the table. */
async function daysSeqOf(reader: SeriesReader): Promise<number> {
  let seq = daysSeqs.get(reader);
  if (seq === undefined) daysSeqs.set(reader, (seq = (await compactionMark(reader.trx)).days));
  return seq;
}

type Channel = { id: number; entity_id: string; data_point_id: string };

async function channelsOf(reader: SeriesReader, scope: ReadingScope): Promise<Channel[]> {
  if (scope.entityIds?.length === 0 || scope.dataPointIds?.length === 0) return [];
  return (await findChannelsInScope(reader.trx, scope)).map((c) => ({ ...c, id: Number(c.id) }));
}

const entryKey = (entityId: string, dataPointId: string, t: number) =>
  `${channelKeyOf(entityId, dataPointId)}\u0000${t}`;

/** Adds the entries of stored reading days (decoded) that fall in the range. */
function addDays(
  out: Map<string, StoredEntry>,
  channels: ReadonlyMap<number, Channel>,
  rows: ReadonlyArray<{ channel_id: number | string; data: Uint8Array }>,
  range: TimeRange,
) {
  for (const row of rows) {
    const channel = channels.get(Number(row.channel_id))!;
    const day = decodeReadingDay(row.data);
    for (let i = 0; i < day.times.length; i++) {
      const t = day.times[i]!;
      if ((range.from !== null && t < range.from) || (range.end !== null && t >= range.end)) continue;
      out.set(entryKey(channel.entity_id, channel.data_point_id, t), {
        entityId: channel.entity_id,
        dataPointId: channel.data_point_id,
        t,
        received: day.received[i]!,
        rest: day.rests[i]!,
        seq: null,
        metrics: null,
      });
    }
  }
}

/** Adds the readings stored after days_seq, in the scope and range; a row wins over a reading day's entry. */
async function addRows(out: Map<string, StoredEntry>, reader: SeriesReader, scope: ReadingScope, range: TimeRange) {
  const after = await daysSeqOf(reader);
  for (const r of await findReadingsAfterDays(reader.trx, after, scope, iso(range.from), iso(range.end))) {
    const t = Date.parse(r.read_at);
    out.set(entryKey(r.entity_id, r.data_point_id, t), {
      entityId: r.entity_id,
      dataPointId: r.data_point_id,
      t,
      received: Date.parse(r.received_at),
      rest: null,
      seq: Number(r.seq),
      metrics: r.metrics,
    });
  }
}

/** The stored readings of the scope in the range, not rebuilt, in no order. */
export async function findStoredEntries(
  reader: SeriesReader,
  scope: ReadingScope,
  range: TimeRange,
): Promise<StoredEntry[]> {
  if (scope.entityIds?.length === 0 || scope.dataPointIds?.length === 0) return [];
  const channels = new Map((await channelsOf(reader, scope)).map((c) => [c.id, c]));
  const out = new Map<string, StoredEntry>();
  const ids = [...channels.keys()];
  const fromDay = range.from === null ? null : dayOf(range.from);
  const toDay = range.end === null ? null : dayOf(range.end - 1);
  for (let i = 0; i < ids.length; i += 500) {
    addDays(out, channels, await findReadingDaysOf(reader.trx, ids.slice(i, i + 500), fromDay, toDay), range);
  }
  await addRows(out, reader, scope, range);
  return [...out.values()];
}

/** How many readings of the scope are stored in the range: whole days by their counts, the days the range cuts decoded. */
export async function countStored(reader: SeriesReader, scope: ReadingScope, range: TimeRange): Promise<number> {
  if (scope.entityIds?.length === 0 || scope.dataPointIds?.length === 0) return 0;
  const channels = new Map((await channelsOf(reader, scope)).map((c) => [c.id, c]));
  const ids = [...channels.keys()];
  // whole days: from the first day starting at or after `from` to the last ending at or before `end`
  const firstWhole = range.from === null ? null : Math.ceil(range.from / DAY_MS) * DAY_MS;
  const lastWhole = range.end === null ? null : Math.floor(range.end / DAY_MS) * DAY_MS - DAY_MS;
  const cut = new Set<number>();
  if (range.from !== null && firstWhole !== range.from) cut.add(dayOf(range.from));
  if (range.end !== null && lastWhole! + DAY_MS !== range.end) cut.add(dayOf(range.end));
  const edges = new Map<string, StoredEntry>();
  let count = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    if (firstWhole === null || lastWhole === null || firstWhole <= lastWhole)
      count += await countInReadingDays(reader.trx, part, firstWhole, lastWhole);
    for (const day of cut) addDays(edges, channels, await findReadingDaysOf(reader.trx, part, day, day), range);
  }
  const rows = new Map<string, StoredEntry>();
  await addRows(rows, reader, scope, range);
  return count + edges.size + rows.size;
}

/**
 * The newest stored reading of each channel of the scope at or before `to` (and at or after
 * `from` when set), not rebuilt: each channel's newest reading day up to `to`'s, the table's rows.
 */
export async function findNewestEntries(
  reader: SeriesReader,
  scope: ReadingScope,
  to: number,
  from: number | null,
): Promise<StoredEntry[]> {
  const channels = new Map((await channelsOf(reader, scope)).map((c) => [c.id, c]));
  const range: TimeRange = { from, end: to + 1 };
  const newest = new Map<string, StoredEntry>();
  const keep = (e: StoredEntry) => {
    const key = channelKeyOf(e.entityId, e.dataPointId);
    const known = newest.get(key);
    if (!known || e.t > known.t || (e.t === known.t && e.seq !== null)) newest.set(key, e);
  };
  let pending = [...channels.keys()];
  let toDay = dayOf(to);
  const fromDay = from === null ? null : dayOf(from);
  // Rarely more than one round: only a channel whose newest day holds nothing before `to` looks further back.
  while (pending.length && (fromDay === null || toDay >= fromDay)) {
    const byDay = new Map<number, number[]>();
    for (let i = 0; i < pending.length; i += 500) {
      for (const row of await findNewestDays(reader.trx, pending.slice(i, i + 500), toDay, fromDay)) {
        const day = Number(row.day);
        byDay.set(day, [...(byDay.get(day) ?? []), Number(row.channel_id)]);
      }
    }
    const missed: number[] = [];
    for (const [day, ids] of byDay) {
      for (let i = 0; i < ids.length; i += 500) {
        const found = new Map<string, StoredEntry>();
        addDays(found, channels, await findReadingDaysOf(reader.trx, ids.slice(i, i + 500), day, day), range);
        const hit = new Set<string>();
        for (const e of found.values()) {
          keep(e);
          hit.add(channelKeyOf(e.entityId, e.dataPointId));
        }
        for (const id of ids.slice(i, i + 500)) {
          const c = channels.get(id)!;
          if (!hit.has(channelKeyOf(c.entity_id, c.data_point_id))) missed.push(id);
        }
      }
    }
    pending = missed;
    toDay -= DAY_MS;
  }
  const rows = new Map<string, StoredEntry>();
  await addRows(rows, reader, scope, range);
  for (const e of rows.values()) keep(e);
  return [...newest.values()];
}

/** The newest `limit` stored readings of an entity (all its channels), newest first, not rebuilt. */
export async function findNewestOfEntity(
  reader: SeriesReader,
  entityId: string,
  limit: number,
): Promise<StoredEntry[]> {
  const ids = (await channelsOf(reader, { entityIds: [entityId] })).map((c) => c.id);
  // the newest days until they hold `limit` readings: older ones cannot be among the newest
  let from: number | null = null;
  let held = 0;
  let before: number | null = null;
  while (ids.length && held < limit) {
    const days = await findDaysNewestFirst(reader.trx, ids, before, 16);
    for (const d of days) {
      if (held >= limit) break;
      held += Number(d.n);
      before = from = Number(d.day);
    }
    if (days.length < 16) {
      if (held < limit) from = null;
      break;
    }
  }
  const entries = await findStoredEntries(reader, { entityIds: [entityId] }, { from, end: null });
  return entries.sort((a, b) => b.t - a.t).slice(0, limit);
}

/** The scope's readings in the range, rebuilt, in time order (then entity, data point). */
export async function readStoredReadings(
  reader: SeriesReader,
  scope: ReadingScope,
  range: TimeRange,
): Promise<StoredReading[]> {
  const entries = await findStoredEntries(reader, scope, range);
  entries.sort(byTimeThenChannel);
  return rebuildReadings(reader, entries);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const byTimeThenChannel = (a: StoredEntry, b: StoredEntry) =>
  a.t - b.t || compareText(a.entityId, b.entityId) || compareText(a.dataPointId, b.dataPointId);
